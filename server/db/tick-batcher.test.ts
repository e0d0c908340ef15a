import { describe, expect, it } from "vitest";
import { TickBatcher, tickBatchersBy } from "./tick-batcher.js";

/** A lookup that records the keys of each statement and knows the even numbers. */
function recordedLoad(fail = false) {
  const statements: number[][] = [];
  const load = async (keys: number[]) => {
    statements.push(keys);
    if (fail) throw new Error("database away");
    return new Map(keys.filter((key) => key % 2 === 0).map((key) => [key, `v${key}`]));
  };
  return { statements, load };
}

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe("TickBatcher", () => {
  it("sends the keys asked in one turn as one statement, each key once, and answers every caller", async () => {
    const { statements, load } = recordedLoad();
    const batcher = new TickBatcher(load, 10);
    const answers = await Promise.all([2, 3, 2, 4].map((key) => batcher.get(key)));
    expect(answers).toEqual(["v2", undefined, "v2", "v4"]);
    expect(statements).toEqual([[2, 3, 4]]);
  });

  it("starts a new statement when one is full, and one per turn", async () => {
    const { statements, load } = recordedLoad();
    const batcher = new TickBatcher(load, 2);
    const first = Promise.all([1, 2, 3].map((key) => batcher.get(key)));
    await nextTurn();
    const second = batcher.get(4);
    expect(await first).toEqual([undefined, "v2", undefined]);
    expect(await second).toBe("v4");
    expect(statements).toEqual([[1, 2], [3], [4]]);
  });

  it("gives every caller of a failed statement its error, and the next turn a new statement", async () => {
    const failing = recordedLoad(true);
    const batcher = new TickBatcher(failing.load, 10);
    const answers = await Promise.allSettled([1, 2].map((key) => batcher.get(key)));
    expect(answers.map((answer) => answer.status)).toEqual(["rejected", "rejected"]);
    await expect(batcher.get(3)).rejects.toThrow("database away");
    expect(failing.statements).toEqual([[1, 2], [3]]);
  });

  it("keeps one batcher per owner: callers of one owner share a statement, another owner's go apart", async () => {
    const statements: Array<[string, number[]]> = [];
    const batcherOf = tickBatchersBy<{ name: string }, number, number>(async (owner, keys) => {
      statements.push([owner.name, keys]);
      return new Map(keys.map((key) => [key, key]));
    }, 10);
    const [a, b] = [{ name: "a" }, { name: "b" }];
    expect(batcherOf(a)).toBe(batcherOf(a));
    await Promise.all([batcherOf(a).get(1), batcherOf(b).get(2), batcherOf(a).get(3)]);
    expect(statements).toEqual([
      ["a", [1, 3]],
      ["b", [2]],
    ]);
  });
});
