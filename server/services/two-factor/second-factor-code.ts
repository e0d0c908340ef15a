import type { SecretConfig } from "better-auth/crypto";
import { isBackupCode, MESSAGES } from "#shared/schemas/auth.js";
import type { Database, DbExecutor } from "#server/db/client.js";
import { AppError } from "#server/errors.js";
import { consumeBackupCode } from "./backup-codes.js";
import { consumeTotpCode } from "./totp-code.js";
import { clearWrongCodes, countWrongCode, lockCodes, refuseWhileLocked, type CodeUse } from "./wrong-codes.js";

/** A wrong, missing or already used code, under the form's `twoFactorCode` field. */
export class WrongSecondFactorCode extends AppError {
  constructor(message: string) {
    super("VALIDATION_FAILED", message, { twoFactorCode: message });
  }
}

export type CodeKind = "totp" | "backup" | "either";

type Check = "ok" | "invalid" | "used";

/** What a code is against the account's secret and backup codes; spent only with `consume`. */
async function check(tx: DbExecutor, key: SecretConfig | string, userId: string, code: string, kind: CodeKind, now: Date, consume: boolean): Promise<Check> {
  if (/^\d{6}$/.test(code) && kind !== "backup") return consumeTotpCode(tx, key, userId, code, now, consume);
  if (isBackupCode(code) && kind !== "totp") return (await consumeBackupCode(tx, userId, code, consume)) ? "ok" : "invalid";
  return "invalid";
}

const MESSAGE: Record<Exclude<Check, "ok">, string> = { invalid: MESSAGES.secondFactorCodeInvalid, used: MESSAGES.twoFactorCodeUsed };

export interface Screening {
  key: SecretConfig | string;
  userId: string;
  code: string | undefined;
  kind: CodeKind;
  use: CodeUse;
  publicUrl: string;
  now: Date;
}

/**
 * The first step of every second-factor check, in a transaction of its own on the account's locked
 * code counter: a locked account is refused (429) before any code is looked at, and a wrong code is
 * counted (the tenth locks the account) and committed before the refusal, so requests sent at once
 * are counted one after another and none is checked past the lock. A right code is not spent here:
 * what it allows spends it (`claimSecondFactorCode`), so a refused movement leaves it unused.
 */
export async function screenSecondFactorCode(db: Database, screening: Screening): Promise<void> {
  const { key, userId, code, kind, use, publicUrl, now } = screening;
  if (!code) throw new WrongSecondFactorCode(MESSAGES.secondFactorCodeRequired);
  const outcome = await db.transaction(async (tx) => {
    const row = await lockCodes(tx, userId);
    refuseWhileLocked(row, now);
    const result = await check(tx, key, userId, code, kind, now, false);
    if (result === "invalid" && row) await countWrongCode(tx, row, userId, use, publicUrl, now);
    return result;
  });
  // A spent code is a replay, not a guess (a double click sends the right code twice): refused, not counted.
  if (outcome !== "ok") throw new WrongSecondFactorCode(MESSAGE[outcome]);
}

/**
 * The second step, in the transaction of what the code allows: the account is still not locked
 * (a lock set since the screening holds), and the code is spent there, so it is spent only if that
 * commits. A right code starts the count of wrong ones again, but never ends a running lock.
 */
export async function claimSecondFactorCode(tx: DbExecutor, key: SecretConfig | string, userId: string, code: string, kind: CodeKind, now: Date): Promise<void> {
  refuseWhileLocked(await lockCodes(tx, userId), now);
  const result = await check(tx, key, userId, code, kind, now, true);
  // Screened as right a moment ago: only a request sent at the same time can have spent it.
  if (result !== "ok") throw new WrongSecondFactorCode(MESSAGE[result]);
  await clearWrongCodes(tx, userId, now);
}
