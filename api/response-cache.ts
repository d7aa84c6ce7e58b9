// A short-lived cache of answers already turned into JSON, for hot reads every visitor asks alike
// (the validator list, the window of blocks at the head): one query serves all requests of its lifetime.
export class ResponseCache {
  private readonly entries = new Map<string, { at: number; body: Promise<string> }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
  ) {}

  /**
   * The cached JSON for `key`, or `produce`'s turned into JSON by `serialize` (a route's own schema serialiser, for an
   * answer byte for byte what the route would send uncached); a failed production is forgotten at once.
   */
  get(key: string, produce: () => Promise<unknown>, serialize: (value: unknown) => string = JSON.stringify): Promise<string> {
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && now - hit.at <= this.ttlMs) return hit.body;
    if (this.entries.size >= this.maxEntries) this.dropExpired(now);
    const body = produce().then(serialize);
    const entry = { at: now, body };
    this.entries.set(key, entry);
    body.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    return body;
  }

  private dropExpired(now: number): void {
    for (const [key, entry] of this.entries) if (now - entry.at > this.ttlMs) this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) this.entries.clear();
  }
}
