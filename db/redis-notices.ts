// Notices through Redis pub/sub (REDIS_URL): one publishing connection, and a subscribing one opened on first subscribe.
import { Redis } from "ioredis";
import { decodeNotice, encodeNotice, LIVE_CHANNEL, type NoticeBus } from "./live-notices.ts";

/** A publish waits at most this long: a notice is worth less than the indexer's next batch. */
const COMMAND_TIMEOUT_MS = 2000;

function connect(url: string, role: string): Redis {
  // ioredis reconnects by itself (with its own backoff) and resubscribes; each loss is logged once per error.
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1, commandTimeout: COMMAND_TIMEOUT_MS });
  redis.on("error", (error: Error) => console.error(`redis (${role}): ${error.message}`));
  return redis;
}

/** `prefix` (REDIS_PREFIX) names the channel, so explorers sharing one Redis do not hear each other's notices. */
export function redisBus(url: string, prefix = "axm:"): NoticeBus {
  const channel = `${prefix}${LIVE_CHANNEL}`;
  const publisher = connect(url, "notices");
  const subscribers = new Set<Redis>();
  return {
    publish: async (range) => {
      await publisher.publish(channel, encodeNotice(range));
    },
    subscribe: async (onRange) => {
      const subscriber = connect(url, "notice subscription");
      subscribers.add(subscriber);
      subscriber.on("message", (heard: string, payload: string) => {
        const range = heard === channel ? decodeNotice(payload) : null;
        if (range) onRange(range);
      });
      await subscriber.subscribe(channel);
      return async () => {
        subscribers.delete(subscriber);
        subscriber.disconnect();
      };
    },
    close: async () => {
      for (const subscriber of subscribers) subscriber.disconnect();
      subscribers.clear();
      publisher.disconnect();
    },
  };
}
