// A short-lived cache of answers already turned into JSON, for hot reads every visitor asks alike
// (the validator list, the window of blocks at the head): one query serves all requests of its lifetime.
import { CachedAnswer } from "./cached-answer.ts";

interface Entry {
  /** When its production started: the answer is at least as new as this. */
  at: number;
  body: Promise<CachedAnswer>;
  /** The production has given its text. */
  done: boolean;
  /** A newer production is under way to replace it. */
  replacing: boolean;
}

export class ResponseCache {
  private readonly entries = new Map<string, Entry>();

  /**
   * An answer serves every request for `ttlMs`. For as long again it still answers at once while a new production
   * replaces it, so that under steady traffic no request waits for the query; a request that comes later than that
   * (traffic is sparse) waits for a new answer rather than being handed an old one.
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
    if (hit && now - hit.at <= this.ttlMs) return hit.body;
    if (hit?.done && now - hit.at <= 2 * this.ttlMs) {
      if (!hit.replacing) this.replace(key, hit, produce, serialize, now);
      return hit.body;
    }
    if (this.entries.size >= this.maxEntries) this.dropExpired(now);
    const entry: Entry = { at: now, body: this.make(produce, serialize), done: false, replacing: false };
    this.entries.set(key, entry);
    entry.body.then(
      () => void (entry.done = true),
      () => {
        if (this.entries.get(key) === entry) this.entries.delete(key);
      },
    );
    return entry.body;
  }

  /** Produces the answer anew while `stale` still serves; a failure leaves `stale` in place for the next request to retry. */
  private replace(key: string, stale: Entry, produce: () => Promise<unknown>, serialize: (value: unknown) => string, now: number): void {
    stale.replacing = true;
    const body = this.make(produce, serialize);
    body.then(
      () => {
        if (this.entries.get(key) === stale) this.entries.set(key, { at: now, body, done: true, replacing: false });
      },
      () => void (stale.replacing = false),
    );
  }

  private async make(produce: () => Promise<unknown>, serialize: (value: unknown) => string): Promise<CachedAnswer> {
    return new CachedAnswer(serialize(await produce()));
  }

  private dropExpired(now: number): void {
    for (const [key, entry] of this.entries) if (now - entry.at > 2 * this.ttlMs) this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) this.entries.clear();
  }
}
