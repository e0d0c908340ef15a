import { secondFactorCodeField } from "#shared/schemas/auth.js";

/** The code a confirmation asks for when two-factor is on (the authenticator's, or a backup code): the code, or what is wrong. */
export function readSecondFactorCode(code: string): { ok: true; code: string } | { ok: false; message: string } {
  const parsed = secondFactorCodeField.safeParse(code);
  return parsed.success ? { ok: true, code: parsed.data } : { ok: false, message: parsed.error.issues[0]?.message ?? "This code is not valid." };
}
