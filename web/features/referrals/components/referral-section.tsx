import { Check, Copy, Link2 } from "lucide-react";
import { useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { Button } from "#web/components/ui/button.js";
import { apiRequest } from "#web/lib/api.js";
import { useSession } from "#web/lib/session.js";
import type { ReferralDto } from "#shared/schemas/public.js";

/** Signed in: shows and copies the caller's link. Signed out: the button leads to sign-up. */
export function ReferralSection() {
  const { user } = useSession();
  const navigate = useNavigate();
  const [link, setLink] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);

  const reveal = async () => {
    if (!user) return navigate("/signup");
    setFailed(false);
    try {
      const { url } = await apiRequest<ReferralDto>("/api/me/referral");
      setLink(url);
    } catch {
      setFailed(true);
    }
  };

  const copy = async () => {
    if (!link) return;
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
    } catch {
      setFailed(true);
    }
  };

  return (
    <div className="mx-auto max-w-3xl rounded-card bg-brand-50 p-6 text-center sm:p-10">
      <p className="text-slate-700">
        Share your personal link with friends. When someone signs up through it, your account is recorded as the one that referred
        them.
      </p>
      {link ? (
        <div className="mt-6 flex flex-col items-stretch gap-3 sm:flex-row sm:items-center">
          <label htmlFor="referral-link" className="sr-only">
            Your referral link
          </label>
          <input
            id="referral-link"
            readOnly
            value={link}
            onFocus={(event) => event.currentTarget.select()}
            className="min-h-11 flex-1 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm"
          />
          <Button onClick={copy}>
            {copied ? <Check aria-hidden="true" className="size-4" /> : <Copy aria-hidden="true" className="size-4" />}
            {copied ? "Copied!" : "Copy Link"}
          </Button>
        </div>
      ) : (
        <Button onClick={reveal} className="mt-6">
          <Link2 aria-hidden="true" className="size-4" />
          Get Your Referral Link
        </Button>
      )}
      {failed && (
        <p role="alert" className="mt-3 text-sm text-danger-600">
          Your link could not be loaded. Please try again.
        </p>
      )}
    </div>
  );
}
