import { describe, expect, it } from "vitest";
import { AppError } from "#server/errors.js";
import { decodeCursor, encodeCursor, pageAndCursor } from "./keyset.js";

describe("a keyset cursor", () => {
  it("gives back the position it was made from, for the order it was made for", () => {
    const position = { key: "2026-03-02T10:00:00.123401Z", id: "0190-abc" };
    const cursor = encodeCursor("createdAt:desc", position);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(cursor, "createdAt:desc", "timestamptz")).toEqual(position);
    expect(decodeCursor(undefined, "createdAt:desc", "timestamptz")).toBeUndefined();
    expect(decodeCursor(encodeCursor("amountCents:asc", { key: "-42", id: "x" }), "amountCents:asc", "bigint")).toEqual({ key: "-42", id: "x" });
  });

  it("refuses anything else with VALIDATION_FAILED before a query runs", () => {
    const refused = (cursor: string, order = "createdAt:desc", type: "timestamptz" | "bigint" | "text" = "timestamptz") => {
      try {
        decodeCursor(cursor, order, type);
      } catch (error) {
        expect(error).toBeInstanceOf(AppError);
        expect((error as AppError).code).toBe("VALIDATION_FAILED");
        return (error as AppError).message;
      }
      throw new Error(`accepted ${cursor}`);
    };
    const made = encodeCursor("createdAt:desc", { key: "2026-03-02T10:00:00.123401Z", id: "a" });
    expect(refused("has spaces")).toMatch(/base64url/);
    expect(refused(Buffer.from("not json").toString("base64url"))).toMatch(/decode/);
    expect(refused(Buffer.from(JSON.stringify({ key: 1 })).toString("base64url"))).toMatch(/decode/);
    expect(refused(made, "createdAt:asc")).toMatch(/another sort order/);
    expect(refused(encodeCursor("createdAt:desc", { key: "2026-03-02T10:00:00.123Z", id: "a" }))).toMatch(/malformed/);
    expect(refused(encodeCursor("createdAt:desc", { key: "2026-13-45T10:00:00.123456Z", id: "a" }))).toMatch(/malformed/);
    expect(refused(encodeCursor("amountCents:desc", { key: "1.5", id: "a" }), "amountCents:desc", "bigint")).toMatch(/malformed/);
    expect(refused(encodeCursor("createdAt:desc", { key: "2026-03-02T10:00:00.123401Z", id: "" }))).toMatch(/malformed/);
  });

  it("cuts a read of limit + 1 rows into a page and the cursor after its last row, none on the last page", () => {
    const rows = [1, 2, 3].map((n) => ({ key: String(n), id: `id${n}` }));
    expect(pageAndCursor(rows, 3, "n:asc", (row) => row)).toEqual({ rows, nextCursor: null });
    const cut = pageAndCursor(rows, 2, "n:asc", (row) => row);
    expect(cut.rows).toEqual(rows.slice(0, 2));
    expect(decodeCursor(cut.nextCursor!, "n:asc", "bigint")).toEqual({ key: "2", id: "id2" });
  });
});
