import { base32 } from "@better-auth/utils/base32";
import { createOTP } from "@better-auth/utils/otp";

const STEP_MS = 30_000;
const stepAt = (ms: number) => Math.floor(ms / STEP_MS);

/** The secret an authenticator app reads: the base32 key (as shown in Settings, spaces allowed) or an otpauth:// URI. */
export function totpSecret(keyOrUri: string): Uint8Array {
  const key = keyOrUri.startsWith("otpauth://") ? new URL(keyOrUri).searchParams.get("secret") : keyOrUri;
  if (!key) throw new Error(`no secret in ${keyOrUri}`);
  return base32.decode(key.replace(/\s+/g, "").toUpperCase());
}

/** The code an authenticator app shows at `at` (30-second steps, six digits). */
export function totpCode(secret: Uint8Array, at: number = Date.now()): Promise<string> {
  return createOTP(secret).hotp(stepAt(at));
}

/**
 * One account's authenticator app, as the server sees it (server/services/two-factor/totp-code.ts):
 * a code is accepted from one 30-second step early to one step late, and works once, whatever for
 * (a sign-in, an enrolment, a payout, a change to two-factor): never a step at or before the last
 * one used. So the first code is the current step's, the next one the next step's (time + 30 s),
 * and a third has to wait for real time to reach a new step. Codes are checked against real time.
 */
export class Authenticator {
  private lastStep = Number.NEGATIVE_INFINITY;

  constructor(readonly secret: Uint8Array) {}

  /**
   * A code the server has not seen used, counted as used from here on (keep the string to try it
   * again). Waits, up to the next 30-second boundary, only when both the current and the next
   * step are spent.
   */
  async nextCode(): Promise<string> {
    const now = stepAt(Date.now());
    const step = Math.max(now, this.lastStep + 1);
    if (step > now + 1) await new Promise((resolve) => setTimeout(resolve, (step - 1) * STEP_MS - Date.now() + 200));
    this.lastStep = step;
    return totpCode(this.secret, step * STEP_MS);
  }

  /**
   * The code nextCode() gave last: the server refuses it as "already used" while its step is within
   * one of real time (about a minute), and as not valid after that.
   */
  lastCode(): Promise<string> {
    if (!Number.isFinite(this.lastStep)) throw new Error("no code used yet");
    return totpCode(this.secret, this.lastStep * STEP_MS);
  }

  /** Six digits the server takes for no step it would accept now (a wrong code). */
  async wrongCode(): Promise<string> {
    const now = stepAt(Date.now());
    const near = await Promise.all([-1, 0, 1, 2].map((offset) => totpCode(this.secret, (now + offset) * STEP_MS)));
    return ["000000", "111111", "222222", "333333", "444444"].find((code) => !near.includes(code))!;
  }
}
