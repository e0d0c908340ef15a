import { base32 } from "@better-auth/utils/base32";
import { createOTP } from "@better-auth/utils/otp";

/** The secret an authenticator app reads from an otpauth:// URI (its `secret` is base32). */
export function secretFromUri(uri: string): Uint8Array {
  const secret = new URL(uri).searchParams.get("secret");
  if (!secret) throw new Error(`no secret in ${uri}`);
  return base32.decode(secret);
}

/** The code an authenticator app shows at `at` (default now), as a user would type it. */
export function totpCode(secret: Uint8Array, at: Date = new Date()): Promise<string> {
  return createOTP(secret).hotp(Math.floor(at.getTime() / 30_000));
}

/**
 * The code of the next 30-second step, which the server accepts already (it allows one step of
 * clock drift). A code works once, so a test that used this step's code, when enrolling, say,
 * uses the next one instead of waiting half a minute.
 */
export function nextTotpCode(secret: Uint8Array, from: Date = new Date()): Promise<string> {
  return totpCode(secret, new Date(from.getTime() + 30_000));
}
