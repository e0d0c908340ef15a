import type { Auth } from "../auth.js";
import type { Database, DbExecutor } from "../db/client.js";
import { claimSecondFactorCode, WrongSecondFactorCode } from "../services/two-factor/second-factor-code.js";
import { assertCodesAccepted, recordWrongCode } from "../services/two-factor/wrong-codes.js";
import type { SessionUser } from "./session.js";

/** Uses up the caller's code inside the money movement's transaction; a no-op for an account without two-factor. */
export type ClaimCode = (tx: DbExecutor) => Promise<void>;

/**
 * The one gate every way money leaves an account goes through (payouts, transfers, paying a money
 * request): with two-factor on, the request's `twoFactorCode` must be a current authenticator code
 * or an unused backup code. A locked account is refused before any work; the code is spent in the
 * movement's own transaction (`claim`), so a refused movement leaves it unused; a wrong code is
 * counted after that transaction has rolled back (server/services/two-factor/wrong-codes.ts).
 */
export function secondFactorGate(auth: Auth, db: Database, publicUrl: string) {
  return async <T>(user: SessionUser, code: string | undefined, run: (claim: ClaimCode) => Promise<T>): Promise<T> => {
    if (!user.twoFactorEnabled) return run(async () => undefined);
    // The authenticator app counts real time, never the test clock.
    await assertCodesAccepted(db, user.id, new Date());
    const key = (await auth.$context).secretConfig;
    try {
      return await run((tx) => claimSecondFactorCode(tx, key, user.id, code, new Date()));
    } catch (error) {
      if (error instanceof WrongSecondFactorCode && error.counts) await recordWrongCode(db, publicUrl, user.id, "money out", new Date());
      throw error;
    }
  };
}

export type SecondFactorGate = ReturnType<typeof secondFactorGate>;
