import { useState } from "react";
import type { WithdrawalAddressDto } from "#shared/schemas/withdrawal-addresses.js";
import { Alert } from "#web/components/ui/alert.js";
import { Loading } from "#web/components/ui/spinner.js";
import { formatDateTime } from "#web/lib/format-date.js";
import { moneyOutFailure } from "#web/lib/money-out-errors.js";
import { useSession } from "#web/lib/session.js";
import { useRemoveWithdrawalAddress, useResendConfirmLink, useWithdrawalAddresses } from "../api/withdrawal-addresses.js";
import { AddAddressForm } from "./add-address-form.js";
import { AddressRow } from "./address-row.js";
import { RemoveAddressDialog } from "./remove-address-dialog.js";

type Notice = { tone: "success" | "error"; text: string };
const NOTHING_CHANGED = "That did not work, and nothing changed. Please try again.";

/**
 * Settings → Withdrawal addresses: the only addresses payouts may go to, each with where it stands,
 * the form that adds one, and removing one (asked again in a dialog). Every change is e-mailed to
 * the account by the server.
 */
export function WithdrawalAddressesPanel() {
  const email = useSession().user?.email ?? "your e-mail address";
  const list = useWithdrawalAddresses();
  const remove = useRemoveWithdrawalAddress();
  const resend = useResendConfirmLink();
  const [notice, setNotice] = useState<Notice | null>(null);
  const [removing, setRemoving] = useState<WithdrawalAddressDto | null>(null);
  const delayHours = list.data?.delayHours;
  const items = list.data?.items ?? [];
  const wait = delayHours ? `; payouts can go to it ${delayHours} hours after that` : "";

  const confirmRemoval = () => {
    if (!removing) return;
    remove.mutate(removing.id, {
      onSuccess: () => {
        setNotice({ tone: "success", text: `“${removing.label}” was removed. Payouts can no longer go to it.` });
        setRemoving(null);
      },
    });
  };
  const sendAgain = (address: WithdrawalAddressDto) => {
    setNotice(null);
    resend.mutate(address.id, {
      onSuccess: () => setNotice({ tone: "success", text: `We e-mailed a new link for “${address.label}” to ${email}. The earlier link no longer works.` }),
      onError: (error) => setNotice({ tone: "error", text: moneyOutFailure(error, {}, NOTHING_CHANGED).message }),
    });
  };

  return (
    <div className="flex flex-col gap-5">
      <p className="text-sm text-slate-700">
        Payouts go only to the addresses on this list. A new address must be confirmed with the link we e-mail to you
        {delayHours ? `, and can be used ${delayHours} hours after you confirm it` : ""}. Removing one takes effect at once.
      </p>
      {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
      {list.isPending && <Loading label="Loading your withdrawal addresses..." />}
      {list.isError && <Alert tone="error">Your withdrawal addresses could not be loaded. Reload the page to try again.</Alert>}
      {list.data &&
        (items.length === 0 ? (
          <p className="rounded-lg border border-dashed border-slate-300 p-4 text-sm text-slate-700" data-testid="withdrawal-addresses-empty">
            You have no withdrawal addresses yet. Add one below to withdraw to it.
          </p>
        ) : (
          <ul className="divide-y divide-slate-200" aria-label="Your withdrawal addresses">
            {items.map((address) => (
              <AddressRow
                key={address.id}
                address={address}
                now={list.dataUpdatedAt}
                busy={remove.isPending || resend.isPending}
                onResend={() => sendAgain(address)}
                onRemove={() => {
                  remove.reset();
                  setNotice(null);
                  setRemoving(address);
                }}
              />
            ))}
          </ul>
        ))}
      <div className="border-t border-slate-200 pt-5">
        <h3 className="mb-3 font-semibold text-brand-900">Add an address</h3>
        <AddAddressForm
          onAdded={(added) =>
            setNotice({ tone: "success", text: `“${added.label}” was added. Open the link we e-mailed to ${email} before ${formatDateTime(added.confirmExpiresAt!)} to confirm it${wait}.` })
          }
        />
      </div>
      {removing && (
        <RemoveAddressDialog
          address={removing}
          delayHours={delayHours ?? 0}
          pending={remove.isPending}
          failure={remove.isError ? moneyOutFailure(remove.error, {}, NOTHING_CHANGED).message : null}
          onConfirm={confirmRemoval}
          onClose={() => setRemoving(null)}
        />
      )}
    </div>
  );
}
