import { useRef, useState } from "react";
import { selectContents } from "../select-contents.js";
import type { Coin } from "#shared/schemas/deposits.js";
import { Loaded } from "#web/components/ui/loaded.js";
import { useCryptoAddress } from "../api/deposits.js";
import { CopyButton } from "#web/components/ui/copy-button.js";
import { QrCode } from "./qr-code.js";

const COIN_NAMES: Record<Coin, string> = { BTC: "Bitcoin" };

/** Where to send the coin: the address, a copy button and a QR code (the reference site's crypto page). */
export function CryptoAddressPanel({ coin }: { coin: Coin }) {
  const address = useCryptoAddress(coin);
  const addressRef = useRef<HTMLElement>(null);
  const [copyFailed, setCopyFailed] = useState(false);

  // Clipboard refused (no permission, insecure origin): select the text so Ctrl+C / long-press works.
  const selectForManualCopy = () => {
    selectContents(addressRef.current);
    setCopyFailed(true);
  };

  return (
    <div className="flex flex-col gap-4 rounded-lg border border-slate-200 bg-slate-50 p-4">
      <p className="text-sm font-medium text-slate-800">Send {coin} to this address</p>
      <Loaded query={address} loading="Loading address..." failed={`The ${COIN_NAMES[coin]} address could not be loaded. Reload the page to try again.`}>
        {(data) => (
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
            <code ref={addressRef} data-testid="deposit-address" className="min-w-0 flex-1 rounded-lg border border-slate-300 bg-white px-3 py-2 font-mono text-sm break-all text-slate-900">
              {data.address}
            </code>
            <CopyButton key={data.address} text={data.address} onFailure={selectForManualCopy} />
          </div>
        )}
      </Loaded>
      {copyFailed && <p className="text-sm text-slate-700">Copying is not allowed here. The address is selected: copy it with Ctrl+C or a long press.</p>}
      {!address.isPending && (
        <div className="flex flex-col items-center gap-2 text-center">
          <QrCode text={address.data?.address ?? null} label={`QR code of the ${COIN_NAMES[coin]} deposit address`} />
          <p className="text-sm text-slate-700">Scan this code using your wallet app to make the transfer.</p>
        </div>
      )}
      {address.data?.kind === "fresh" && (
        <p className="text-sm text-slate-700">This address was made for you alone. Once you report a deposit to it, your next deposit gets a new one.</p>
      )}
      {address.data?.kind === "shared" && (
        <p className="text-sm text-slate-700">This address is shared by all investors. Add your transaction ID below so we can match your transfer to you.</p>
      )}
    </div>
  );
}
