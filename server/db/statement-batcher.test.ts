import { describe, expect, it } from "vitest";
import { StatementBatcher } from "./statement-batcher.js";

/** A statement that waits until released, recording the calls it was given. */
function gatedStatements(refuse: (call: number) => boolean = () => false) {
  const statements: number[][] = [];
  const gates: Array<() => void> = [];
  const run = async (calls: number[]) => {
    statements.push(calls);
    await new Promise<void>((release) => gates.push(release));
    const refused = calls.find(refuse);
    if (refused !== undefined) throw new Error(`refused ${refused}`);
    return calls.map((call) => call * 10);
  };
  const releaseAll = async () => {
    for (let turn = 0; turn < 50; turn += 1) {
      await new Promise((resolve) => setImmediate(resolve));
      gates.splice(0).forEach((release) => release());
    }
  };
  return { statements, run, releaseAll };
}

describe("StatementBatcher", () => {
  it("runs a call at once when idle, and the calls that arrive meanwhile together in the next statement, up to max", async () => {
    const { statements, run, releaseAll } = gatedStatements();
    const batcher = new StatementBatcher(run, 3);
    const answers = Promise.all([1, 2, 3, 4, 5, 6].map((call) => batcher.send(call)));
    await releaseAll();
    expect(await answers).toEqual([10, 20, 30, 40, 50, 60]);
    expect(statements).toEqual([[1], [2, 3, 4], [5, 6]]);
  });

  it("runs each call of a failed statement alone, so only the refused one fails", async () => {
    const { statements, run, releaseAll } = gatedStatements((call) => call === 3);
    const batcher = new StatementBatcher(run, 10);
    const answers = Promise.allSettled([1, 2, 3, 4].map((call) => batcher.send(call)));
    await releaseAll();
    expect((await answers).map((answer) => (answer.status === "fulfilled" ? answer.value : (answer.reason as Error).message))).toEqual([10, 20, "refused 3", 40]);
    expect(statements).toEqual([[1], [2, 3, 4], [2], [3], [4]]);
  });
});
