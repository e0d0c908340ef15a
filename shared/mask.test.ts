import { describe, expect, it } from "vitest";
import { maskAddress, maskName } from "./mask.js";

describe("maskName", () => {
  it.each([
    ["Ada Obi", "A** O**"],
    ["chidinma okafor-eze", "C***** O*****"],
    ["  Jo  ", "J**"],
    ["Ngozi Adaeze Eze", "N**** A*****"],
    ["", "Anonymous"],
  ])("%j → %j", (name, masked) => {
    expect(maskName(name)).toBe(masked);
  });

  it("never shows more than the first letter of each word", () => {
    expect(maskName("Alexandria Obiageli")).not.toMatch(/lex|bia/);
  });
});

describe("maskAddress", () => {
  it("keeps the first six and last four characters", () => {
    expect(maskAddress("bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu")).toBe("bc1qcr…6fyu");
  });

  it("hides short values entirely", () => {
    expect(maskAddress("0123456789")).toBe("****");
  });
});
