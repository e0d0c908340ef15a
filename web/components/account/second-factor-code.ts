import { secondFactorCodeField } from "#shared/schemas/auth.js";
import { focusField } from "#web/lib/focus-field.js";

/** The code a confirmation asks for when two-factor is on (the authenticator's, or a backup code): the code, or what is wrong. */
export function readSecondFactorCode(code: string): { ok: true; code: string } | { ok: false; message: string } {
  const parsed = secondFactorCodeField.safeParse(code);
  return parsed.success ? { ok: true, code: parsed.data } : { ok: false, message: parsed.error.issues[0]?.message ?? "This code is not valid." };
}

/**
 * The code as the confirmation sends it, checked first: the code (its field's message cleared), or
 * null once the field shows what is wrong and has the focus back.
 */
export function checkSecondFactorCode(code: string, showError: (message: string | undefined) => void, input: HTMLElement | null): string | null {
  const read = readSecondFactorCode(code);
  showError(read.ok ? undefined : read.message);
  if (read.ok) return read.code;
  focusField(input);
  return null;
}
