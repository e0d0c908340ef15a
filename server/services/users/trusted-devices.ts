import { and, eq, like } from "drizzle-orm";
import type { DbExecutor } from "#server/db/client.js";
import { verification } from "#server/db/schema.js";

/** better-auth's trusted-device records: a verification row `trust-device-<random>` whose value is the user's id. */
const TRUST_DEVICE_PREFIX = "trust-device-";

export const isTrustDeviceRecord = (identifier: string) => identifier.startsWith(TRUST_DEVICE_PREFIX);

/** Every browser this user trusted stops being trusted (a new password, a two-factor change, a role change). */
export async function forgetTrustedDevices(db: DbExecutor, userId: string): Promise<void> {
  await db.delete(verification).where(and(eq(verification.value, userId), like(verification.identifier, `${TRUST_DEVICE_PREFIX}%`)));
}
