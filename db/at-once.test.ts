import { describe, expect, it } from "vitest";
import { eachAtOnce } from "./at-once.ts";

/** A call that ends when the test says so, and a log of the calls as they start and end. */
function calls() {
  const log: string[] = [];
  const ends = new Map<number, { resolve: () => void; reject: (e: Error) => void }>();
  let running = 0;
  let most = 0;
  const work = (item: number) =>
    new Promise<void>((resolve, reject) => {
      log.push(`start ${item}`);
      most = Math.max(most, ++running);
      ends.set(item, {
        resolve: () => {
          running--;
          log.push(`end ${item}`);
          resolve();
        },
        reject: (e) => {
          running--;
          log.push(`fail ${item}`);
          reject(e);
        },
      });
    });
  const settle = async (item: number, error?: Error) => {
    await Promise.resolve();
    const end = ends.get(item)!;
    if (error) end.reject(error);
    else end.resolve();
    await new Promise((r) => setTimeout(r, 0));
  };
  return { log, work, settle, most: () => most };
}

describe("eachAtOnce", () => {
  it("runs the items in order, as many at a time as asked and no more", async () => {
    const c = calls();
    const all = eachAtOnce([1, 2, 3, 4], 2, c.work);
    await c.settle(2);
    await c.settle(1);
    await c.settle(3);
    await c.settle(4);
    await all;
    expect(c.log).toEqual(["start 1", "start 2", "end 2", "start 3", "end 1", "start 4", "end 3", "end 4"]);
    expect(c.most()).toBe(2);
  });

  it("runs one at a time when asked for one", async () => {
    const c = calls();
    const all = eachAtOnce([1, 2], 1, c.work);
    await c.settle(1);
    await c.settle(2);
    await all;
    expect(c.log).toEqual(["start 1", "end 1", "start 2", "end 2"]);
  });

  it("starts nothing more once stopped, and ends the calls running", async () => {
    const c = calls();
    let stopped = false;
    const all = eachAtOnce([1, 2, 3, 4], 2, c.work, () => stopped);
    stopped = true;
    await c.settle(1);
    await c.settle(2);
    await all;
    expect(c.log).toEqual(["start 1", "start 2", "end 1", "end 2"]);
  });

  it("after a failure starts nothing more, waits for the calls running, then throws the failure", async () => {
    const c = calls();
    let thrown: unknown = null;
    const all = eachAtOnce([1, 2, 3, 4], 2, c.work).catch((e: unknown) => (thrown = e));
    await c.settle(1, new Error("build failed"));
    expect(thrown).toBeNull();
    await c.settle(2);
    await all;
    expect(c.log).toEqual(["start 1", "start 2", "fail 1", "end 2"]);
    expect((thrown as Error).message).toBe("build failed");
  });
});
