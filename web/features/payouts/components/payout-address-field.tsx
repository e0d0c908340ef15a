import type { ChangeEvent, Ref } from "react";
import { Link } from "react-router";
import type { WithdrawalAddressDto } from "#shared/schemas/withdrawal-addresses.js";
import { Alert } from "#web/components/ui/alert.js";
import { LinkButton } from "#web/components/ui/button.js";
import { SelectField } from "#web/components/ui/select-field.js";
import { addressStanding } from "#web/lib/withdrawal-address-status.js";

const SETTINGS = "/dashboard/settings#withdrawal-addresses";

/** The investor's withdrawal addresses as the route reads them (the withdrawal-addresses feature's query). */
export interface PayoutAddresses {
  items: WithdrawalAddressDto[] | undefined;
  loading: boolean;
  failed: boolean;
  /** When the list was read (ms): whether a link has expired is judged as of then, like the statuses. */
  readAt: number;
}

interface PayoutAddressFieldProps {
  ref?: Ref<HTMLSelectElement>;
  addresses: PayoutAddresses;
  value: string;
  onChange: (event: ChangeEvent<HTMLSelectElement>) => void;
  error?: string;
}

export function usableAddresses(addresses: PayoutAddresses): WithdrawalAddressDto[] {
  return (addresses.items ?? []).filter((address) => address.status === "usable");
}

/**
 * Where a withdrawal goes: one of the investor's usable withdrawal addresses, picked, never typed.
 * With none usable it says so, with those still waiting and when each can be used, and the way
 * to Settings to add one.
 */
export function PayoutAddressField({ ref, addresses, value, onChange, error }: PayoutAddressFieldProps) {
  if (addresses.loading) return <p role="status" className="text-sm text-slate-700">Loading your withdrawal addresses...</p>;
  if (addresses.failed) return <Alert tone="error">Your withdrawal addresses could not be loaded. Reload the page to try again.</Alert>;
  const usable = usableAddresses(addresses);
  if (usable.length === 0) {
    const others = addresses.items ?? [];
    return (
      <div className="flex flex-col items-start gap-3 rounded-lg border border-dashed border-slate-300 p-4 text-sm text-slate-800" data-testid="no-usable-address">
        <p className="font-medium">You have no withdrawal address that can be used yet.</p>
        <p>Payouts go only to addresses on your list in Settings, once you have confirmed them from your e-mail and their waiting time is over.</p>
        {others.length > 0 && (
          <ul className="flex w-full flex-col gap-2" aria-label="Your addresses not usable yet">
            {others.map((address) => (
              <li key={address.id} className="min-w-0">
                <span className="font-medium">{address.label}</span> <span className="font-mono break-all text-slate-700">{address.address}</span>
                <span className="block text-slate-700">{addressStanding(address, addresses.readAt).detail}</span>
              </li>
            ))}
          </ul>
        )}
        <LinkButton to={SETTINGS} variant="secondary">
          {others.length > 0 ? "Manage withdrawal addresses" : "Add a withdrawal address"}
        </LinkButton>
      </div>
    );
  }
  // w-full: a percentage width lets the select shrink below its longest option (a full address), which at 375 px is wider than the screen.
  return (
    <SelectField
      ref={ref}
      label="Recipient (wallet address)"
      name="recipient"
      required
      className="[&_select]:w-full [&_select]:font-mono [&_select]:text-sm"
      value={value}
      onChange={onChange}
      error={error}
      hint={
        <>
          {/* The select cuts a long address short; the one picked is shown whole. */}
          {value && (
            <span className="mb-1 block text-sm text-slate-800" data-testid="payout-address-chosen">
              To <span className="font-mono break-all">{value}</span>
            </span>
          )}
          One of your confirmed withdrawal addresses.{" "}
          <Link to={SETTINGS} className="font-semibold text-brand-700 underline">
            Add or remove addresses in Settings
          </Link>
          .
        </>
      }
    >
      <option value="">Choose a wallet</option>
      {usable.map((address) => (
        <option key={address.id} value={address.address}>
          {address.label} — {address.address}
        </option>
      ))}
    </SelectField>
  );
}
