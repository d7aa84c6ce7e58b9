// A short-lived cache of answers already turned into JSON, for hot reads every visitor asks alike
// (the validator list, the window of blocks at the head): one query serves all requests of its lifetime.
import { CachedAnswer } from "./cached-answer.ts";

/** The part of its time to live after which an answer in use is read again, while it still serves. */
const RENEW_AFTER = 0.75;

interface Entry {
  /** When its production started: the answer is at least as new as this. */
  at: number;
  body: Promise<CachedAnswer>;
  /** The production has given its text. */
  done: boolean;
  /** The production under way to replace it, started before it expired. */
  next: Promise<CachedAnswer> | null;
}

export class ResponseCache {
  private readonly entries = new Map<string, Entry>();

  /**
   * An answer serves every request for `ttlMs`, and never longer. A request in the last quarter of that time starts
   * reading the next answer while it is still answered from the current one, so that under steady traffic the next
   * answer is ready when the current one expires and no request waits for the query. Requests that come after it
   * expired, while the next is still being read, wait for that read rather than start another.
   */
  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
  ) {}

  /**
   * The cached JSON for `key`, or `produce`'s turned into JSON by `serialize` (a route's own schema serialiser, for an
   * answer byte for byte what the route would send uncached); a failed production is forgotten at once.
   */
  async get(key: string, produce: () => Promise<unknown>, serialize: (value: unknown) => string = JSON.stringify): Promise<string> {
    return (await this.answer(key, produce, serialize)).text;
  }

  /** As `get`, with the answer's ETag and compressed forms, made once for all the requests it serves. */
  answer(key: string, produce: () => Promise<unknown>, serialize: (value: unknown) => string = JSON.stringify): Promise<CachedAnswer> {
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && now - hit.at <= this.ttlMs) {
      if (hit.done && hit.next === null && now - hit.at > this.ttlMs * RENEW_AFTER) this.renew(key, hit, produce, serialize, now);
      return hit.body;
    }
    if (hit?.next) return hit.next;
    if (this.entries.size >= this.maxEntries) this.dropExpired(now);
    const entry: Entry = { at: now, body: this.make(produce, serialize), done: false, next: null };
    this.entries.set(key, entry);
    entry.body.then(
      () => void (entry.done = true),
      () => {
        if (this.entries.get(key) === entry) this.entries.delete(key);
      },
    );
    return entry.body;
  }

  /** Reads the answer that replaces `current` once ready; a failure leaves `current` to its time, then a new read. */
  private renew(key: string, current: Entry, produce: () => Promise<unknown>, serialize: (value: unknown) => string, now: number): void {
    const next = this.make(produce, serialize);
    current.next = next;
    next.then(
      () => {
        if (this.entries.get(key) === current) this.entries.set(key, { at: now, body: next, done: true, next: null });
      },
      () => void (current.next = null),
    );
  }

  private async make(produce: () => Promise<unknown>, serialize: (value: unknown) => string): Promise<CachedAnswer> {
    return new CachedAnswer(serialize(await produce()));
  }

  private dropExpired(now: number): void {
    for (const [key, entry] of this.entries) if (now - entry.at > this.ttlMs) this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) this.entries.clear();
  }
}
