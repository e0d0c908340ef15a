import { IdentityForm } from "#web/features/verification/components/identity-form.js";
import { IdentityFiles } from "#web/features/verification/components/identity-files.js";
import { VerificationStatus } from "#web/features/verification/components/verification-status.js";
import { useVerification } from "#web/features/verification/api/verification.js";
import { Alert } from "#web/components/ui/alert.js";
import { Loading } from "#web/components/ui/spinner.js";
import { ScreenTitle } from "./screens.js";

/** The case can be edited before it is sent and after an operator sent it back (or the document expired). */
const EDITABLE = new Set(["draft", "rejected", "resubmission_requested", "expired"]);

/** /dashboard/verification: the account's level and limits, and the identity check that lifts them. */
export function VerificationScreen() {
  const verification = useVerification();
  const current = verification.data?.case;
  return (
    <section className="flex flex-col gap-6">
      <ScreenTitle title="Verify your identity">
        We must know who you are before money leaves your account. Send your details and a photo or scan of your passport, ID card or driving licence; an operator checks them.
      </ScreenTitle>
      {verification.isPending && <Loading />}
      {verification.isError && <Alert tone="error">Your verification could not be loaded. Reload the page to try again.</Alert>}
      {verification.data && (
        <>
          <VerificationStatus verification={verification.data} />
          {!current || EDITABLE.has(current.status) ? (
            // Keyed by the case's state (a new case is a draft), so the form starts again from what an
            // operator sent back, but not when the first upload makes the draft.
            <IdentityForm key={current?.status ?? "draft"} verification={verification.data} />
          ) : (
            current.documents.length > 0 && (
              <div className="rounded-card border border-slate-200 bg-white p-5 sm:p-6">
                <IdentityFiles documents={current.documents} editable={false} />
              </div>
            )
          )}
        </>
      )}
    </section>
  );
}
