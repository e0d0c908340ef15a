import { z } from "zod";
import { BANK_NAMES, BANKS, type BankKey } from "#shared/schemas/deposits.js";

/**
 * The operator's bank accounts for deposits by bank transfer, from the environment (read once by
 * server/env.ts). Per bank: `BANK_<BANK>_ACCOUNT_NUMBER`, `BANK_<BANK>_CURRENCY` (ISO 4217), and
 * optionally `BANK_<BANK>_ACCOUNT_NAME` (the payee; the operator's legal name when unset) with
 * `BANK_<BANK>_ACCOUNT_NAME_NOTE`, which says why when the payee is not the operator. A bank with
 * none of them set is not offered. Nobody is ever shown an account no one owns: production needs
 * at least one real account, and outside production, with none set, the page offers examples
 * marked as such in words no one can miss.
 */
export interface BankAccount {
  key: BankKey;
  name: string;
  accountNumber: string;
  accountName: string;
  /** Why the payee is not the operator itself; null when it is. */
  payeeNote: string | null;
  currency: string;
}

const upper = (key: BankKey) => key.toUpperCase();
const variable = (key: BankKey, field: "ACCOUNT_NUMBER" | "ACCOUNT_NAME" | "ACCOUNT_NAME_NOTE" | "CURRENCY") => `BANK_${upper(key)}_${field}`;

const blank = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);
const optional = (schema: z.ZodString) => z.preprocess(blank, schema.optional());

/** The schema fragment server/env.ts spreads into its object. */
export const bankVariables = Object.fromEntries(
  BANKS.flatMap((key) => [
    [variable(key, "ACCOUNT_NUMBER"), optional(z.string().trim().regex(/^\d{6,20}$/, "must be 6 to 20 digits"))],
    [variable(key, "ACCOUNT_NAME"), optional(z.string().trim().max(200))],
    [variable(key, "ACCOUNT_NAME_NOTE"), optional(z.string().trim().max(300))],
    [variable(key, "CURRENCY"), optional(z.string().trim().regex(/^[A-Z]{3}$/, "must be a three-letter currency code such as NGN or USD"))],
  ]),
) as Record<string, z.ZodType<string | undefined>>;

type Env = Record<string, unknown>;
const read = (env: Env, key: BankKey, field: Parameters<typeof variable>[1]) => env[variable(key, field)] as string | undefined;

/** What is wrong with the bank variables, as `[variable, message]`; `legalName` is the operator's, when set. */
export function bankProblems(env: Env, options: { production: boolean; legalName: string | undefined }): Array<[string, string]> {
  const problems: Array<[string, string]> = [];
  let configured = 0;
  for (const key of BANKS) {
    const fields = (["ACCOUNT_NUMBER", "ACCOUNT_NAME", "ACCOUNT_NAME_NOTE", "CURRENCY"] as const).filter((field) => read(env, key, field) !== undefined);
    if (fields.length === 0) continue;
    configured++;
    for (const required of ["ACCOUNT_NUMBER", "CURRENCY"] as const) {
      if (!read(env, key, required)) problems.push([variable(key, required), `is required with ${variable(key, fields[0]!)}`]);
    }
    const payee = read(env, key, "ACCOUNT_NAME");
    if (options.production && payee && payee !== options.legalName && !read(env, key, "ACCOUNT_NAME_NOTE")) {
      problems.push([variable(key, "ACCOUNT_NAME_NOTE"), `must say why ${variable(key, "ACCOUNT_NAME")} is not OPERATOR_LEGAL_NAME (investors see it beside the payee)`]);
    }
  }
  if (options.production && configured === 0) {
    problems.push([variable("access", "ACCOUNT_NUMBER"), "or another bank's account is required when NODE_ENV=production (with its CURRENCY): the bank deposit page names no account it is not given"]);
  }
  return problems;
}

/** Shown only outside production, with every amount and name marked as an example. */
const EXAMPLE_NUMBERS: Record<BankKey, string> = { access: "0000000001", uba: "0000000002", gtbank: "0000000003" };

/** The accounts to offer, or (outside production, none set) the marked examples. */
export function bankAccounts(env: Env, legalName: string): { accounts: BankAccount[]; example: boolean } {
  const accounts = BANKS.filter((key) => read(env, key, "ACCOUNT_NUMBER")).map((key): BankAccount => {
    const accountName = read(env, key, "ACCOUNT_NAME") ?? legalName;
    return {
      key,
      name: BANK_NAMES[key],
      accountNumber: read(env, key, "ACCOUNT_NUMBER")!,
      accountName,
      payeeNote: accountName === legalName ? null : (read(env, key, "ACCOUNT_NAME_NOTE") ?? null),
      currency: read(env, key, "CURRENCY")!,
    };
  });
  if (accounts.length > 0) return { accounts, example: false };
  const examples = BANKS.map((key): BankAccount => ({ key, name: BANK_NAMES[key], accountNumber: EXAMPLE_NUMBERS[key], accountName: legalName, payeeNote: null, currency: "USD" }));
  return { accounts: examples, example: true };
}
