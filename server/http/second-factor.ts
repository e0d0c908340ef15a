import type { Auth } from "../auth.js";
import type { SecondFactorCheck } from "./idempotency.js";
import type { SessionUser } from "./session.js";

/**
 * What every way money leaves an account asks (payouts, transfers, paying a money request): with
 * two-factor on, the request's `twoFactorCode`, a current authenticator code or an unused backup
 * code. The route hands this to runMoneyOperation (server/http/idempotency.ts), which screens the
 * code before the movement and spends it in the movement's transaction; an account without
 * two-factor gets undefined and is asked nothing.
 */
export function secondFactorOf(auth: Auth, publicUrl: string) {
  return async (user: SessionUser, code: string | undefined): Promise<SecondFactorCheck | undefined> =>
    user.twoFactorEnabled ? { userId: user.id, code, key: (await auth.$context).secretConfig, publicUrl } : undefined;
}
