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
    vi.advanceTimersByTime(1);
    expect(await cache.get("a", produce)).toBe('{"n":2}');
    expect(await cache.get("b", produce)).toBe('{"n":3}');
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
