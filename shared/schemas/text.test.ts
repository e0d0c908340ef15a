import { describe, expect, it } from "vitest";
import { nameField } from "./auth.js";
import { fieldMessages } from "./field-messages.js";
import { hasControlCharacters, noteField, textField } from "./text.js";

const single = textField({ label: "Name", min: 1, max: 10 });
const multi = textField({ label: "Message", max: 50, multiline: true });
const firstMessage = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) => result.error?.issues[0]?.message;

describe("textField", () => {
  it("trims, then checks the length with messages that name the field", () => {
    expect(single.parse("  Ada  ")).toBe("Ada");
    expect(firstMessage(single.safeParse("   "))).toBe("Name is required.");
    expect(firstMessage(single.safeParse(undefined))).toBe("Name is required.");
    expect(firstMessage(single.safeParse(42))).toBe("Name must be text.");
    expect(single.parse("x".repeat(10))).toBe("x".repeat(10));
    expect(firstMessage(single.safeParse("x".repeat(11)))).toBe("Name must be at most 10 characters.");
  });

  it.each([
    ["NUL", "\u0000"],
    ["BEL", "\u0007"],
    ["ESC", "\u001B"],
    ["DEL", "\u007F"],
    ["C1 NEL", "\u0085"],
    ["C1 CSI", "\u009B"],
    ["right-to-left override", "\u202E"],
    ["left-to-right embedding", "\u202A"],
    ["first-strong isolate", "\u2068"],
    ["pop directional isolate", "\u2069"],
  ])("refuses %s in any field", (_label, char) => {
    expect(firstMessage(single.safeParse(`Ad${char}a`))).toBe("Name must not contain control characters.");
    expect(firstMessage(multi.safeParse(`Hi${char}there`))).toBe("Message must not contain control characters.");
  });

  it.each([
    ["tab", "\t"],
    ["line feed", "\n"],
    ["carriage return", "\r"],
    ["line separator", "\u2028"],
    ["paragraph separator", "\u2029"],
  ])("keeps %s out of single-line fields but lets multi-line ones have it", (_label, char) => {
    expect(firstMessage(single.safeParse(`Ad${char}a`))).toBe("Name must not contain control characters.");
    expect(multi.safeParse(`Line one${char}line two`).success).toBe(true);
  });

  it("lets ordinary non-ASCII text through", () => {
    expect(single.parse("Ọlá 😀")).toBe("Ọlá 😀");
    expect(hasControlCharacters("Zoë, ñ, 中文, عربي")).toBe(false);
  });
});

describe("shared fields", () => {
  it("display name: 1 to 100 characters, no control characters", () => {
    expect(nameField.parse(` ${"n".repeat(100)} `)).toHaveLength(100);
    expect(firstMessage(nameField.safeParse("n".repeat(101)))).toBe("Full name must be at most 100 characters.");
    expect(firstMessage(nameField.safeParse(""))).toBe("Full name is required.");
    expect(firstMessage(nameField.safeParse("Ada\u0000"))).toBe("Full name must not contain control characters.");
  });

  it("note: optional, up to 500 characters, line breaks allowed", () => {
    expect(noteField.parse(undefined)).toBeUndefined();
    expect(noteField.parse("Rent\nfor May")).toBe("Rent\nfor May");
    expect(noteField.parse("n".repeat(500))).toHaveLength(500);
    expect(firstMessage(noteField.safeParse("n".repeat(501)))).toBe("The note must be at most 500 characters.");
  });
});

describe("fieldMessages", () => {
  it("keeps the first message per dotted path and names a whole-value issue 'body'", () => {
    expect(
      fieldMessages([
        { path: ["name"], message: "first" },
        { path: ["name"], message: "second" },
        { path: ["features", 1], message: "feature" },
        { path: [], message: "whole" },
      ]),
    ).toEqual({ name: "first", "features.1": "feature", body: "whole" });
  });
});
