import { Check, Copy, Link2 } from "lucide-react";
import { buttonClass } from "#web/components/ui/button.js";

/**
 * Signed in: shows and copies the caller's link. Signed out: the button leads to sign-up. Both
 * states are pre-rendered; ../enhance-referral.ts switches between them.
 */
export function ReferralSection() {
  return (
    <div className="mx-auto max-w-3xl rounded-card bg-brand-50 p-6 text-center sm:p-10" data-referral>
      <p className="text-slate-700">
        Share your personal link with friends. When someone signs up through it, your account is recorded as the one that referred
        them.
      </p>
      <div className="mt-6 flex flex-col items-stretch gap-3 sm:flex-row sm:items-center" data-referral-link hidden>
        <label htmlFor="referral-link" className="sr-only">
          Your referral link
        </label>
        <input id="referral-link" readOnly className="min-h-11 flex-1 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm" />
        <button type="button" className={buttonClass()} data-referral-copy>
          <span className="contents" data-copied="false">
            <Copy aria-hidden="true" className="size-4" />
            Copy Link
          </span>
          <span className="contents" data-copied="true" hidden>
            <Check aria-hidden="true" className="size-4" />
            Copied!
          </span>
        </button>
      </div>
      <button type="button" className={buttonClass("primary", "mt-6")} data-referral-reveal>
        <Link2 aria-hidden="true" className="size-4" />
        Get Your Referral Link
      </button>
      <p role="alert" className="mt-3 text-sm text-danger-600" data-referral-failed hidden>
        Your link could not be loaded. Please try again.
      </p>
    </div>
  );
}
