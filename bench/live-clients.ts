// The live-update benchmark's clients, in a process of their own so that their parsing does not slow the indexer being
// timed: opens the streams, then on "report" sends when each block reached each client (epoch ms) and exits.
import { openSse, type SseStream } from "../test/support/sse-client.ts";

const [url, countText] = process.argv.slice(2);
const count = Number(countText);

/** Opens the streams 100 at a time (a burst of 1,000 SYNs would only measure the listen backlog). */
async function openStreams(): Promise<SseStream[]> {
  const streams: SseStream[] = [];
  while (streams.length < count) {
    streams.push(...(await Promise.all(Array.from({ length: Math.min(100, count - streams.length) }, () => openSse(url)))));
  }
  return streams;
}

const streams = await openStreams();
process.send!({ refused: streams.filter((s) => s.status !== 200).length });
process.on("message", () => {
  const arrivals = streams.map((stream) =>
    stream.events.filter((e) => e.event === "block").map((e) => [JSON.parse(e.data).height as number, performance.timeOrigin + e.at]),
  );
  streams.forEach((s) => s.close());
  process.send!({ arrivals }, () => process.exit(0));
});
