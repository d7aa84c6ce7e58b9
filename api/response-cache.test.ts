import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ResponseCache } from "./response-cache.ts";

/** A cache holding "1" for key "a", and a production whose reads stay pending until the test settles them. */
async function cacheWithPendingReads() {
  const cache = new ResponseCache(1000, 10);
  const pending: ((n: number) => void)[] = [];
  const produce = () => new Promise<number>((resolve) => pending.push(resolve));
  const first = cache.get("a", produce);
  pending[0](1);
  expect(await first).toBe("1");
  return { cache, pending, produce };
}

describe("ResponseCache", () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it("answers from one production until the time to live has passed", async () => {
    const cache = new ResponseCache(1000, 10);
    let calls = 0;
    const produce = async () => ({ n: ++calls });
    expect(await cache.get("a", produce)).toBe('{"n":1}');
    vi.advanceTimersByTime(1000);
    expect(await cache.get("a", produce)).toBe('{"n":1}');
    vi.advanceTimersByTime(1);
    expect(await cache.get("a", produce)).toBe('{"n":2}');
    expect(await cache.get("b", produce)).toBe('{"n":3}');
  });

  it("reads the next answer in the last quarter of its time to live, answering from the current one meanwhile", async () => {
    const { cache, pending, produce } = await cacheWithPendingReads();
    vi.advanceTimersByTime(700);
    expect(await cache.get("a", produce)).toBe("1");
    expect(pending).toHaveLength(1);
    vi.advanceTimersByTime(100);
    expect(await cache.get("a", produce)).toBe("1");
    expect(await cache.get("a", produce)).toBe("1");
    expect(pending).toHaveLength(2);
    pending[1](2);
    await vi.advanceTimersByTimeAsync(0);
    expect(await cache.get("a", produce)).toBe("2");
    expect(pending).toHaveLength(2);
  });

  it("never answers past the time to live: a request after it waits for the read under way", async () => {
    const { cache, pending, produce } = await cacheWithPendingReads();
    vi.advanceTimersByTime(800);
    expect(await cache.get("a", produce)).toBe("1");
    vi.advanceTimersByTime(300);
    let answered = "";
    const late = cache.get("a", produce).then((text) => (answered = text));
    await vi.advanceTimersByTimeAsync(0);
    expect(answered).toBe("");
    pending[1](2);
    await late;
    expect(answered).toBe("2");
    expect(pending).toHaveLength(2);
  });

  it("keeps the current answer when the read of the next one fails, and reads again on a later request", async () => {
    const cache = new ResponseCache(1000, 10);
    expect(await cache.get("a", async () => 1)).toBe("1");
    vi.advanceTimersByTime(800);
    expect(await cache.get("a", () => Promise.reject(new Error("down")))).toBe("1");
    await vi.advanceTimersByTimeAsync(0);
    vi.advanceTimersByTime(100);
    expect(await cache.get("a", async () => 2)).toBe("1");
    await vi.advanceTimersByTimeAsync(0);
    expect(await cache.get("a", async () => 3)).toBe("2");
  });

  it("turns a production into text with the serialiser given", async () => {
    const cache = new ResponseCache(1000, 10);
    expect(
      await cache.get(
        "a",
        async () => ({ n: 1, extra: true }),
        (value) => `<${(value as { n: number }).n}>`,
      ),
    ).toBe("<1>");
    expect(await cache.get("a", async () => ({ n: 2 }))).toBe("<1>");
  });

  it("forgets a failed production so the next request tries again", async () => {
    const cache = new ResponseCache(1000, 10);
    await expect(cache.get("a", () => Promise.reject(new Error("down")))).rejects.toThrow("down");
    expect(await cache.get("a", async () => [1])).toBe("[1]");
  });

  it("keeps at most its number of entries", async () => {
    const cache = new ResponseCache(1000, 2);
    let calls = 0;
    const produce = async () => ++calls;
    await cache.get("a", produce);
    await cache.get("b", produce);
    await cache.get("c", produce);
    expect(await cache.get("a", produce)).toBe("4");
  });
});
