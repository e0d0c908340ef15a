import { useRef, useState } from "react";
import { Button, buttonClass } from "#web/components/ui/button.js";
import { useSession } from "#web/lib/session.js";
import { EXPORT_PATH } from "../api/account-data.js";
import { CloseAccountDialog } from "./close-account-dialog.js";

/** Settings → Your data: the download of everything held about the account, and closing it. */
export function YourDataPanel() {
  const { user } = useSession();
  const [closing, setClosing] = useState(false);
  const closeButton = useRef<HTMLButtonElement>(null);
  return (
    <div className="flex flex-col gap-4 text-sm text-slate-700">
      <p>
        One file (JSON) with everything we hold about your account: your profile and consents, sessions, identity check (without the documents themselves), deposits,
        investments, payouts, transfers, money requests, notifications, withdrawal addresses, your messages to us and our replies, and ledger entries.
      </p>
      <div className="flex flex-col gap-3 sm:flex-row">
        {/* A plain link: the server answers with the file as a download, named for the day. */}
        <a href={EXPORT_PATH} download className={buttonClass("secondary")}>
          Download my data
        </a>
        <Button ref={closeButton} variant="dangerOutline" onClick={() => setClosing(true)}>
          Close my account
        </Button>
      </div>
      {closing && <CloseAccountDialog withCode={user?.twoFactorEnabled === true} onClose={() => setClosing(false)} returnFocusTo={closeButton} />}
    </div>
  );
}
