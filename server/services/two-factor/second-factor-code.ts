import type { SecretConfig } from "better-auth/crypto";
import { isBackupCode, MESSAGES } from "#shared/schemas/auth.js";
import type { DbExecutor } from "#server/db/client.js";
import { AppError } from "#server/errors.js";
import { consumeBackupCode } from "./backup-codes.js";
import { consumeTotpCode } from "./totp-code.js";
import { clearWrongCodes } from "./wrong-codes.js";

/** A wrong, missing or already used code, under the form's `twoFactorCode` field. */
export class WrongSecondFactorCode extends AppError {
  /** Whether it counts towards the lock: a missing code does not, a wrong or spent one does. */
  readonly counts: boolean;

  constructor(message: string, counts: boolean) {
    super("VALIDATION_FAILED", message, { twoFactorCode: message });
    this.counts = counts;
  }
}

/**
 * Checks a second-factor code and uses it up in the caller's transaction, so it is spent only if
 * what it allowed commits: the current authenticator code (each 30-second step works once, for
 * anything) or an unused backup code. Throws WrongSecondFactorCode otherwise.
 */
export async function claimSecondFactorCode(tx: DbExecutor, key: SecretConfig | string, userId: string, code: string | undefined, now: Date): Promise<void> {
  if (!code) throw new WrongSecondFactorCode(MESSAGES.secondFactorCodeRequired, false);
  if (/^\d{6}$/.test(code)) {
    const check = await consumeTotpCode(tx, key, userId, code, now);
    if (check === "used") throw new WrongSecondFactorCode(MESSAGES.twoFactorCodeUsed, true);
    if (check === "invalid") throw new WrongSecondFactorCode(MESSAGES.secondFactorCodeInvalid, true);
  } else if (!isBackupCode(code) || !(await consumeBackupCode(tx, userId, code))) {
    throw new WrongSecondFactorCode(MESSAGES.secondFactorCodeInvalid, true);
  }
  await clearWrongCodes(tx, userId);
}
