import { describe, expect, it } from "vitest";
import { mailIdsOf } from "./mail-job.js";

describe("mailIdsOf", () => {
  it("reads a job naming one message, several, or none it can use", () => {
    expect(mailIdsOf({ id: "m1" })).toEqual(["m1"]);
    expect(mailIdsOf({ ids: ["m1", "m2"] })).toEqual(["m1", "m2"]);
    expect(mailIdsOf({ ids: ["m1", 7, null] })).toEqual(["m1"]);
    expect(mailIdsOf({})).toEqual([]);
  });
});
