import {
  addWithdrawalAddressSchema,
  confirmWithdrawalAddressSchema,
  removedWithdrawalAddressDto,
  withdrawalAddressDto,
  withdrawalAddressList,
} from "#shared/schemas/withdrawal-addresses.js";
import type { AppDeps } from "../app-deps.js";
import { ApiRouter } from "../http/api-router.js";
import { addWithdrawalAddress } from "../services/withdrawal-addresses/add-withdrawal-address.js";
import { confirmWithdrawalAddress } from "../services/withdrawal-addresses/confirm-withdrawal-address.js";
import { listWithdrawalAddresses } from "../services/withdrawal-addresses/list-withdrawal-addresses.js";
import { removeWithdrawalAddress } from "../services/withdrawal-addresses/remove-withdrawal-address.js";
import { resendConfirmLink } from "../services/withdrawal-addresses/resend-confirm-link.js";

/**
 * The investor's own list of addresses payouts may go to: add (with the second factor,
 * like money leaving), confirm by the e-mailed link, remove at once. Every change is mailed and audited.
 */
export function withdrawalAddressRoutes(deps: Pick<AppDeps, "auth" | "database" | "config" | "clock">) {
  const { database, config, clock } = deps;
  return new ApiRouter("/api/me/withdrawal-addresses", deps)
    .on({ method: "get", path: "/", summary: "The caller's withdrawal addresses (not removed), oldest first, each with its status, and the hours an address waits after confirmation", auth: "user", response: withdrawalAddressList }, async (c) =>
      c.json({ items: await listWithdrawalAddresses(database.db, c.get("user").id, clock.now()), delayHours: config.withdrawalAddresses.delayHours }),
    )
    .on(
      {
        method: "post",
        path: "/",
        summary: "Add an address (unconfirmed): the account's e-mail gets a one-time link to confirm it; 409 for one already listed or past the limit",
        auth: "user",
        secondFactor: true,
        body: addWithdrawalAddressSchema,
        response: withdrawalAddressDto,
        status: 201,
        idempotent: true,
      },
      (c, { body }) => async (tx) => ({ status: 201, body: await addWithdrawalAddress(tx, config, c.get("user").id, body, clock.now()) }),
    )
    .on(
      {
        method: "post",
        path: "/confirm",
        summary: "Confirm an address with the e-mailed token (the token alone, once, within 24 hours); payable WITHDRAWAL_ADDRESS_DELAY_HOURS later",
        auth: "none",
        body: confirmWithdrawalAddressSchema,
        response: withdrawalAddressDto,
      },
      async (c, { body }) => c.json(await database.db.transaction((tx) => confirmWithdrawalAddress(tx, config, body.token, clock.now()))),
    )
    .on(
      { method: "post", path: "/:id/resend", summary: "A new confirmation link for an unconfirmed address (the earlier one stops working)", auth: "user", response: withdrawalAddressDto, idempotent: true },
      (c) => async (tx) => ({ status: 200, body: await resendConfirmLink(tx, config, c.get("user").id, c.req.param("id"), clock.now()) }),
    )
    .on(
      { method: "delete", path: "/:id", summary: "Remove an address at once (mailed and audited); 404 for anyone else's", auth: "user", response: removedWithdrawalAddressDto, idempotent: true },
      (c) => async (tx) => ({ status: 200, body: await removeWithdrawalAddress(tx, config, c.get("user").id, c.req.param("id"), clock.now()) }),
    );
}
