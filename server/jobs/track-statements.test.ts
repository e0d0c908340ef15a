import { describe, expect, it } from "vitest";
import { trackStatements } from "./start-jobs.js";

const settlesWithin = (promise: Promise<unknown>, ms: number) =>
  Promise.race([promise.then(() => true, () => true), new Promise((resolve) => setTimeout(() => resolve(false), ms))]);

describe("pg-boss's statements around a stop", () => {
  it("waits for a statement already running, then never runs or answers a late one", async () => {
    const ran: string[] = [];
    let finish!: () => void;
    const statements = trackStatements({
      executeSql: (text) => {
        ran.push(text);
        return new Promise((resolve) => (finish = () => resolve({ rows: [{ count: "1" }] })));
      },
    });
    const running = statements.db.executeSql("complete");
    const drained = statements.drain();
    expect(await settlesWithin(drained, 20)).toBe(false);
    finish();
    await drained;
    expect(await running).toEqual({ rows: [{ count: "1" }] });

    // A worker's late `complete` after the database closed: an empty answer would throw inside
    // pg-boss (rows[0].count) as an unhandled rejection; it must neither run nor settle.
    const late = statements.db.executeSql("late complete");
    expect(await settlesWithin(late, 50)).toBe(false);
    expect(ran).toEqual(["complete"]);
  });
});
