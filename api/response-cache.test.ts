import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ResponseCache } from "./response-cache.ts";

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
    expect(calls).toBe(1);
    expect(await cache.get("b", produce)).toBe('{"n":2}');
  });

  it("answers from the old production at once while a new one replaces it, within a second time to live", async () => {
    const cache = new ResponseCache(1000, 10);
    const pending: ((n: number) => void)[] = [];
    const produce = () => new Promise<number>((resolve) => pending.push(resolve));
    const first = cache.get("a", produce);
    pending[0](1);
    expect(await first).toBe("1");

    vi.advanceTimersByTime(1500);
    expect(await cache.get("a", produce)).toBe("1");
    expect(await cache.get("a", produce)).toBe("1");
    expect(pending).toHaveLength(2);
    pending[1](2);
    await vi.advanceTimersByTimeAsync(0);
    expect(await cache.get("a", produce)).toBe("2");
    expect(pending).toHaveLength(2);
  });

  it("makes a request wait for a new production once twice the time to live has passed", async () => {
    const cache = new ResponseCache(1000, 10);
    let calls = 0;
    const produce = async () => ++calls;
    expect(await cache.get("a", produce)).toBe("1");
    vi.advanceTimersByTime(2001);
    expect(await cache.get("a", produce)).toBe("2");
  });

  it("keeps the old answer when its replacement fails, and tries again on the next request", async () => {
    const cache = new ResponseCache(1000, 10);
    expect(await cache.get("a", async () => 1)).toBe("1");
    vi.advanceTimersByTime(1500);
    expect(await cache.get("a", () => Promise.reject(new Error("down")))).toBe("1");
    await vi.advanceTimersByTimeAsync(0);
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
