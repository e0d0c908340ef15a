import { base32 } from "@better-auth/utils/base32";
import { createOTP } from "@better-auth/utils/otp";

/** The secret an authenticator app reads: the base32 key (as shown in Settings, spaces allowed) or an otpauth:// URI. */
export function totpSecret(keyOrUri: string): Uint8Array {
  const key = keyOrUri.startsWith("otpauth://") ? new URL(keyOrUri).searchParams.get("secret") : keyOrUri;
  if (!key) throw new Error(`no secret in ${keyOrUri}`);
  return base32.decode(key.replace(/\s+/g, "").toUpperCase());
}

/** The code an authenticator app shows now (30-second steps, six digits). */
export function totpCode(secret: Uint8Array, at: number = Date.now()): Promise<string> {
  return createOTP(secret).hotp(Math.floor(at / 30_000));
}

/**
 * A code safely inside its 30-second step: near the end of one, wait for the next, so the code
 * cannot expire between reading it and the server checking it.
 */
export async function freshTotpCode(secret: Uint8Array, offsetMs = 0): Promise<string> {
  const intoStep = (Date.now() + offsetMs) % 30_000;
  if (intoStep > 25_000) await new Promise((resolve) => setTimeout(resolve, 30_000 - intoStep + 200));
  return totpCode(secret, Date.now() + offsetMs);
}
