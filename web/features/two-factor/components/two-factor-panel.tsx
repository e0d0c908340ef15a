import { useState } from "react";
import { reauthFailure } from "#web/components/account/reauth-failure.js";
import { ReauthForm, type ReauthInput } from "#web/components/account/reauth-form.js";
import { Alert } from "#web/components/ui/alert.js";
import { Badge } from "#web/components/ui/badge.js";
import { Button } from "#web/components/ui/button.js";
import { useBootstrap } from "#web/lib/bootstrap.js";
import { authErrorMessage } from "#web/lib/auth-messages.js";
import { useSession } from "#web/lib/session.js";
import { useTwoFactorActions } from "../api/two-factor.js";
import { BackupCodes } from "./backup-codes.js";
import { ScanStep } from "./scan-step.js";

type Purpose = "enable" | "regenerate" | "disable";
type View =
  | { kind: "status" }
  | { kind: "password"; purpose: Purpose }
  | { kind: "scan"; totpURI: string; backupCodes: string[] }
  | { kind: "codes"; codes: string[]; intro: string };

const WITH_CODE = "Enter your password and the code your authenticator app shows now, or one of your backup codes.";

/** Turning on asks for the password; once it is on, every change also takes a current code. */
const PROMPTS: Record<Purpose, { label: string; submitLabel: string; pendingLabel: string; explanation: string; withCode: boolean; danger?: boolean }> = {
  enable: {
    label: "Turn on two-factor authentication",
    submitLabel: "Continue",
    pendingLabel: "Checking...",
    explanation: "Enter your password to start. You will need your phone for the next step.",
    withCode: false,
  },
  regenerate: {
    label: "Regenerate backup codes",
    submitLabel: "Make new codes",
    pendingLabel: "Making codes...",
    explanation: "New backup codes replace the old ones, which stop working at once.",
    withCode: true,
  },
  disable: {
    label: "Turn off two-factor authentication",
    submitLabel: "Turn off",
    pendingLabel: "Turning off...",
    explanation: "Signing in will need only your password again.",
    withCode: true,
    danger: true,
  },
};

const ADMIN_OFF = "As an administrator you will lose the back office until you turn it on again.";

function explain(purpose: Purpose, isAdmin: boolean): string {
  const { explanation, withCode } = PROMPTS[purpose];
  return [explanation, purpose === "disable" && isAdmin ? ADMIN_OFF : "", withCode ? WITH_CODE : ""].filter(Boolean).join(" ");
}

/**
 * Settings → Two-factor authentication: turn on (password, scan, confirm a code, save the backup
 * codes), make new backup codes, turn off. Each change asks for the password again, and once
 * two-factor is on, for a current code too.
 */
export function TwoFactorPanel() {
  const { user } = useSession();
  const { site } = useBootstrap();
  const [view, setView] = useState<View>({ kind: "status" });
  const [notice, setNotice] = useState<string | null>(null);
  const actions = useTwoFactorActions();
  const on = user?.twoFactorEnabled === true;
  const isAdmin = user?.role === "admin";

  const reset = (next: View = { kind: "status" }) => {
    actions.reset();
    setView(next);
  };
  const ask = (purpose: Purpose) => {
    setNotice(null);
    reset({ kind: "password", purpose });
  };

  const reauthenticated = (purpose: Purpose, { password, code = "" }: ReauthInput) => {
    if (purpose === "enable") actions.start.mutate(password, { onSuccess: (made) => reset({ kind: "scan", ...made }) });
    if (purpose === "regenerate")
      actions.regenerate.mutate(
        { password, code },
        { onSuccess: ({ backupCodes }) => reset({ kind: "codes", codes: backupCodes, intro: "New backup codes are ready. The old ones no longer work." }) },
      );
    if (purpose === "disable")
      actions.turnOff.mutate({ password, code }, {
        onSuccess: () => {
          setNotice("Two-factor authentication is off.");
          reset();
        },
      });
  };

  const failure = (error: unknown) => (error ? authErrorMessage(error) : null);
  const promptError = actions.start.error ?? actions.regenerate.error ?? actions.turnOff.error;

  return (
    <div className="flex flex-col gap-4">
      <p className="flex flex-wrap items-center gap-2 text-sm text-slate-800" data-testid="two-factor-status">
        Status: <Badge tone={on ? "success" : "neutral"}>{on ? "On" : "Off"}</Badge>
        <span>{on ? "Signing in needs your password and a code from your authenticator app." : "Signing in needs only your password."}</span>
      </p>
      {isAdmin && !on && <Alert tone="info">Administrators must turn this on to use the back office.</Alert>}
      {notice && view.kind === "status" && <Alert tone="success">{notice}</Alert>}

      {view.kind === "status" && !on && (
        <Button className="self-start" onClick={() => ask("enable")}>
          Turn on
        </Button>
      )}
      {view.kind === "status" && on && (
        <div className="flex flex-col gap-3 sm:flex-row">
          <Button variant="secondary" onClick={() => ask("regenerate")}>
            Regenerate backup codes
          </Button>
          <Button variant="dangerOutline" onClick={() => ask("disable")}>
            Turn off
          </Button>
        </div>
      )}

      {view.kind === "password" && (
        <ReauthForm
          key={view.purpose}
          {...PROMPTS[view.purpose]}
          explanation={explain(view.purpose, isAdmin)}
          pending={actions.isPending}
          failure={reauthFailure(promptError, promptError ? authErrorMessage(promptError) : undefined)}
          onSubmit={(input) => reauthenticated(view.purpose, input)}
          onCancel={() => reset()}
        />
      )}

      {view.kind === "scan" && (
        <ScanStep
          totpURI={view.totpURI}
          pending={actions.confirm.isPending}
          failure={failure(actions.confirm.error)}
          onConfirm={(code) =>
            actions.confirm.mutate(code, {
              onSuccess: () => reset({ kind: "codes", codes: view.backupCodes, intro: "Two-factor authentication is on." }),
            })
          }
          onCancel={() => reset()}
        />
      )}

      {view.kind === "codes" && <BackupCodes codes={view.codes} intro={view.intro} siteName={site.name} email={user?.email ?? ""} onDone={() => reset()} />}
    </div>
  );
}
