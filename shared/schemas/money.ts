import * as z from "zod/mini";

/** Whole cents as a JSON integer. Numbers stay exact up to 2^53 cents (about $90 trillion). */
export const amountCentsField = z.number({
  // JSON's 1e309 arrives as Infinity and "12" as text: both are answered as what the field wants.
  error: (issue) => (issue.input === undefined ? "Amount is required." : "Amount must be a whole number of cents."),
}).check(
  z.refine((value) => Number.isSafeInteger(value), "Amount must be a whole number of cents."),
  z.refine((value) => value > 0, "Amount must be more than zero."),
);

/** The `Idempotency-Key` header every money-moving POST accepts. */
export const IDEMPOTENCY_HEADER = "Idempotency-Key";
export const idempotencyKeyField = z.string().check(z.regex(/^[A-Za-z0-9_-]{8,128}$/, "Idempotency-Key must be 8 to 128 letters, digits, - or _."));
