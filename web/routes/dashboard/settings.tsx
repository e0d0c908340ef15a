import { useId, useState, type FormEvent, type ReactNode } from "react";
import { changePasswordSchema, profileSchema, type ChangePasswordInput } from "#shared/schemas/account.js";
import { Alert } from "#web/components/ui/alert.js";
import { Button } from "#web/components/ui/button.js";
import { NewPasswordFields } from "#web/components/account/new-password-fields.js";
import { Field } from "#web/components/ui/field.js";
import { useChangePassword, useUpdateName } from "#web/features/account/api/account.js";
import { ActiveSessions } from "#web/features/account/components/active-sessions.js";
import { ApiError } from "#web/lib/api.js";
import { authErrorMessage } from "#web/lib/auth-messages.js";
import { useSession } from "#web/lib/session.js";
import { TwoFactorPanel } from "#web/features/two-factor/components/two-factor-panel.js";
import { YourDataPanel } from "#web/features/account-data/components/your-data-panel.js";
import { WithdrawalAddressesPanel } from "#web/features/withdrawal-addresses/components/withdrawal-addresses-panel.js";
import { checkForm, type FieldErrors } from "#web/lib/form.js";
import { ScreenTitle } from "./screens.js";

function Panel({ title, id, children }: { title: string; id?: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section id={id} aria-labelledby={headingId} className="scroll-mt-20 rounded-card border border-slate-200 bg-white p-4 sm:p-6">
      <h2 id={headingId} className="text-lg font-semibold text-brand-900">
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}

function ProfilePanel() {
  const { user } = useSession();
  const [name, setName] = useState(user?.name ?? "");
  const [error, setError] = useState<string>();
  const update = useUpdateName();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = profileSchema.safeParse({ name });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    update.mutate(parsed.data.name);
  };

  return (
    <Panel title="Profile">
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        {update.isSuccess && <Alert tone="success">Your name has been saved.</Alert>}
        {update.isError && <Alert tone="error">Failed to update profile</Alert>}
        <Field label="Display name" name="name" autoComplete="name" value={name} error={error} onChange={(event) => setName(event.target.value)} />
        <p className="text-sm text-slate-700">E-mail: {user?.email}</p>
        <Button type="submit" className="self-start" disabled={update.isPending}>
          {update.isPending ? "Saving..." : "Save name"}
        </Button>
      </form>
    </Panel>
  );
}

const EMPTY_PASSWORDS: ChangePasswordInput = { currentPassword: "", newPassword: "", confirmPassword: "" };

function PasswordPanel() {
  const [form, setForm] = useState(EMPTY_PASSWORDS);
  const [errors, setErrors] = useState<FieldErrors<ChangePasswordInput>>({});
  const change = useChangePassword();
  const update = (key: keyof ChangePasswordInput) => (event: { target: { value: string } }) => setForm({ ...form, [key]: event.target.value });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = checkForm(changePasswordSchema, form, setErrors);
    if (!input) return;
    change.mutate(
      { currentPassword: input.currentPassword, newPassword: input.newPassword },
      { onSuccess: () => setForm(EMPTY_PASSWORDS) },
    );
  };

  const failure =
    change.error instanceof ApiError && change.error.code === "INVALID_PASSWORD" ? "Your current password is not correct." : authErrorMessage(change.error);

  return (
    <Panel title="Change password">
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        {change.isSuccess && <Alert tone="success">Your password has been changed. Your other sessions were signed out.</Alert>}
        {change.isError && <Alert tone="error">{failure}</Alert>}
        <Field label="Current password" type="password" name="currentPassword" autoComplete="current-password" value={form.currentPassword} error={errors.currentPassword} onChange={update("currentPassword")} />
        <NewPasswordFields label="New password" name="newPassword" values={form} errors={errors} onChange={(key, value) => setForm({ ...form, [key]: value })} />
        <Button type="submit" className="self-start" disabled={change.isPending}>
          {change.isPending ? "Saving..." : "Change password"}
        </Button>
      </form>
    </Panel>
  );
}

function SessionsPanel() {
  const { user, session } = useSession();
  return (
    <Panel title="Active sessions">
      <ActiveSessions currentSessionId={session?.id} />
      <p className="mt-4 text-xs text-slate-600">Signed in as {user?.email}.</p>
    </Panel>
  );
}

export function SettingsScreen() {
  return (
    <section>
      <ScreenTitle title="Settings">Your profile, password, two-factor authentication, withdrawal addresses, sessions and your data.</ScreenTitle>
      <div className="grid gap-6 xl:grid-cols-2">
        <ProfilePanel />
        <PasswordPanel />
        <div className="xl:col-span-2">
          <Panel title="Two-factor authentication">
            <TwoFactorPanel />
          </Panel>
        </div>
        <div className="xl:col-span-2">
          <Panel title="Withdrawal addresses" id="withdrawal-addresses">
            <WithdrawalAddressesPanel />
          </Panel>
        </div>
        <div className="xl:col-span-2">
          <SessionsPanel />
        </div>
        <div className="xl:col-span-2">
          <Panel title="Your data">
            <YourDataPanel />
          </Panel>
        </div>
      </div>
    </section>
  );
}
