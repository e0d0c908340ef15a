import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { CryptoAddressDto } from "#shared/schemas/deposits.js";
import type { DbExecutor } from "#server/db/client.js";
import { depositAddress } from "#server/db/schema.js";
import type { Config } from "#server/env.js";
import { deriveDepositAddress } from "../bitcoin/derive-address.js";

/**
 * The address a user should pay. With an xpub, each user holds one unused address of their own
 * until a deposit uses it (so abandoned visits do not burn through the wallet's gap limit);
 * without one, everyone shares the configured address and deposits are told apart by reference.
 */
export async function cryptoAddressFor(tx: DbExecutor, config: Config, userId: string): Promise<CryptoAddressDto> {
  const { xpub, address } = config.site.bitcoin;
  if (!xpub) return { coin: "BTC", address, kind: "shared" };
  const [unused] = await tx
    .select({ address: depositAddress.address })
    .from(depositAddress)
    .where(and(eq(depositAddress.userId, userId), isNull(depositAddress.depositId)))
    .orderBy(desc(depositAddress.derivationIndex))
    .limit(1);
  if (unused) return { coin: "BTC", address: unused.address, kind: "fresh" };
  const [{ next } = { next: 0 }] = (
    (await tx.execute(sql`select nextval('deposit_address_index_seq')::int as next`)) as unknown as { rows: Array<{ next: number }> }
  ).rows;
  const fresh = deriveDepositAddress(xpub, next);
  await tx.insert(depositAddress).values({ derivationIndex: next, userId, address: fresh });
  return { coin: "BTC", address: fresh, kind: "fresh" };
}
