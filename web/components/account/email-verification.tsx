import { useEffect, useState } from "react";
import { MESSAGES } from "#shared/schemas/auth.js";
import { authErrorMessage } from "#web/lib/auth-messages.js";
import { sendVerificationEmail } from "#web/lib/session.js";
import { ApiError } from "#web/lib/api.js";
import { cn } from "#web/lib/cn.js";
import { Button } from "../ui/button.js";

/** How long "Resend link" rests after a send: the server caps mails per address anyway, this spares the clicks. */
const COOLDOWN_SECONDS = 60;

function useCooldown(): [number, (seconds: number) => void] {
  const [until, setUntil] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until <= now) return;
    const timer = window.setTimeout(() => setNow(Date.now()), 1000);
    return () => window.clearTimeout(timer);
  }, [until, now]);
  const left = Math.max(0, Math.ceil((until - now) / 1000));
  return [left, (seconds) => {
    const start = Date.now();
    setNow(start);
    setUntil(start + seconds * 1000);
  }];
}

/** "Resend link": mails a new verification link to the signed-in user's address. */
export function ResendVerificationButton({ email }: { email: string }) {
  const [pending, setPending] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const [left, rest] = useCooldown();

  const resend = async () => {
    setPending(true);
    setResult(null);
    try {
      await sendVerificationEmail(email);
      setResult({ ok: true, text: MESSAGES.verificationSent });
      rest(COOLDOWN_SECONDS);
    } catch (error) {
      setResult({ ok: false, text: authErrorMessage(error) });
      if (error instanceof ApiError && error.status === 429) rest(Math.max(COOLDOWN_SECONDS, error.retryAfterSeconds ?? 0));
    } finally {
      setPending(false);
    }
  };

  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
      <Button variant="secondary" className="shrink-0 self-start" onClick={resend} disabled={pending || left > 0}>
        {pending ? "Sending..." : left > 0 ? `Resend link (${left} s)` : "Resend link"}
      </Button>
      {/* Polite either way: the button keeps focus, the outcome is read after it. */}
      <p role="status" className={cn("text-sm empty:hidden", result?.ok === false ? "text-danger-600" : "text-slate-800")}>
        {result?.text}
      </p>
    </div>
  );
}

/** Money waits for a verified address: the server's sentence and a way to get a new link. */
export function VerifyEmailNotice({ email, className }: { email: string; className?: string }) {
  return (
    <div className={cn("flex flex-col gap-3 rounded-lg border border-amber-700/30 bg-amber-50 px-4 py-3 text-sm text-amber-900", className)} data-testid="verify-email">
      <p className="font-medium">{MESSAGES.emailNotVerified(email)}</p>
      <ResendVerificationButton email={email} />
    </div>
  );
}
