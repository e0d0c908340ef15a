import { useState } from "react";
import { MESSAGES } from "#shared/schemas/auth.js";
import { reauthFailure } from "#web/components/account/reauth-failure.js";
import { ReauthForm, type ReauthInput } from "#web/components/account/reauth-form.js";
import { Alert } from "#web/components/ui/alert.js";
import { Button } from "#web/components/ui/button.js";
import { Loading } from "#web/components/ui/spinner.js";
import { useActiveSessions, useRevokeOtherSessions, useRevokeSession, type ActiveSession } from "../api/account.js";
import { describeDevice } from "../device.js";

const dateTime = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short" });

/** Which session(s) the password prompt is for. */
type Target = { kind: "one"; id: string; device: string; signedIn: string } | { kind: "others" };

function SessionRow({ session, current, pending, onSignOut }: { session: ActiveSession; current: boolean; pending: boolean; onSignOut: () => void }) {
  const device = describeDevice(session.userAgent);
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3">
      <div>
        <p className="font-medium text-slate-900">
          {device}
          {current && <span className="ml-2 rounded bg-success-50 px-2 py-0.5 text-xs font-semibold text-success-700">This device</span>}
        </p>
        <p className="text-sm text-slate-700">
          Signed in {dateTime.format(new Date(session.createdAt))} · ends by {dateTime.format(new Date(session.expiresAt))}
        </p>
      </div>
      {!current && (
        <Button variant="secondary" onClick={onSignOut} disabled={pending} aria-label={`Sign out ${device}`}>
          Sign out
        </Button>
      )}
    </li>
  );
}

/**
 * Settings → Active sessions: every session of the account, and signing one or all of the others
 * out, which takes the current password (the server refuses it otherwise).
 */
export function ActiveSessions({ currentSessionId }: { currentSessionId: string | undefined }) {
  const sessions = useActiveSessions();
  const revoke = useRevokeSession();
  const revokeOthers = useRevokeOtherSessions();
  const [target, setTarget] = useState<Target | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const pending = revoke.isPending || revokeOthers.isPending;

  const open = (next: Target | null) => {
    revoke.reset();
    revokeOthers.reset();
    setTarget(next);
  };
  const ask = (next: Target) => {
    setNotice(null);
    open(next);
  };
  const signOut = ({ password }: ReauthInput) => {
    const done = (message: string) => () => {
      setNotice(message);
      open(null);
    };
    if (target?.kind === "one") revoke.mutate({ sessionId: target.id, password }, { onSuccess: done(`${target.device} was signed out.`) });
    if (target?.kind === "others") revokeOthers.mutate({ password }, { onSuccess: done("Your other sessions were signed out.") });
  };

  return (
    <div className="flex flex-col gap-4">
      {sessions.isPending && <Loading />}
      {sessions.isError && <Alert tone="error">{MESSAGES.unexpected}</Alert>}
      {notice && <Alert tone="success">{notice}</Alert>}
      {sessions.data && (
        <ul className="divide-y divide-slate-200">
          {sessions.data.map((session) => (
            <SessionRow
              key={session.id}
              session={session}
              current={session.id === currentSessionId}
              pending={pending}
              onSignOut={() =>
                ask({ kind: "one", id: session.id, device: describeDevice(session.userAgent), signedIn: dateTime.format(new Date(session.createdAt)) })
              }
            />
          ))}
        </ul>
      )}
      {target && (
        <div className="border-t border-slate-200 pt-4">
          <ReauthForm
            key={target.kind === "one" ? target.id : "others"}
            label={target.kind === "one" ? `Sign out ${target.device}` : "Sign out all other sessions"}
            explanation={
              target.kind === "one"
                ? `Enter your current password to sign out ${target.device}, signed in ${target.signedIn}.`
                : "Enter your current password to sign out every session except this one."
            }
            submitLabel={target.kind === "one" ? "Sign out" : "Sign out others"}
            pendingLabel="Signing out..."
            pending={pending}
            failure={reauthFailure(target.kind === "one" ? revoke.error : revokeOthers.error)}
            onSubmit={signOut}
            onCancel={() => open(null)}
          />
        </div>
      )}
      {!target && sessions.data && sessions.data.length > 1 && (
        <Button variant="secondary" className="self-start" onClick={() => ask({ kind: "others" })} disabled={pending}>
          Sign out all other sessions
        </Button>
      )}
    </div>
  );
}
