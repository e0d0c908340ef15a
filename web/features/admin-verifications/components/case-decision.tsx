import { useId, useState, type FormEvent } from "react";
import { verificationDecisionSchema, type AdminVerificationDto, type VerificationDecision } from "#shared/schemas/verification.js";
import { Alert } from "#web/components/ui/alert.js";
import { Button } from "#web/components/ui/button.js";
import { SubmitButton } from "#web/components/ui/submit-button.js";
import { TextAreaField } from "#web/components/ui/text-area-field.js";
import { ApiError } from "#web/lib/api.js";
import { useSession } from "#web/lib/session.js";
import { useCaseAction } from "../api/admin-verifications.js";

const CHOICES: { value: VerificationDecision; label: string; hint: string }[] = [
  { value: "approve", label: "Approve", hint: "The account becomes verified: its deposit limit ends and money can leave it." },
  { value: "request_resubmission", label: "Ask for new documents", hint: "The investor sees your reason and replaces the files you mark." },
  { value: "reject", label: "Reject", hint: "The investor sees your reason; the account stays unverified." },
];

function failureText(error: unknown): string {
  return error instanceof ApiError && error.status > 0 && error.status < 500 && error.message ? error.message : "That did not work. Please try again.";
}

/**
 * Who works the case and what they decide. A case is decided only by the operator it is assigned
 * to (so two never decide one), and never by the person whose case it is.
 */
export function CaseDecision({ item }: { item: AdminVerificationDto }) {
  const me = useSession().user;
  const action = useCaseAction(item.id);
  const [choice, setChoice] = useState<VerificationDecision>("approve");
  const [reason, setReason] = useState("");
  const [replace, setReplace] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const base = useId();
  const open = item.status === "submitted" || item.status === "in_review";
  const mine = item.assignee?.id === me?.id;

  const assign = async (takeOver: boolean) => {
    setError(null);
    try {
      await action.mutateAsync({ kind: "assign", ...(takeOver ? { takeOver } : {}) });
    } catch (failure) {
      setError(failureText(failure));
    }
  };

  const decide = async (event: FormEvent) => {
    event.preventDefault();
    if (action.isPending) return;
    setError(null);
    const parsed = verificationDecisionSchema.safeParse({ decision: choice, ...(choice === "approve" ? {} : { reason }), ...(choice === "request_resubmission" ? { replaceDocumentIds: replace } : {}) });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? "Check the decision.");
    try {
      await action.mutateAsync({ kind: "decision", ...parsed.data });
      setDone(choice === "approve" ? "Approved: the account is verified." : choice === "reject" ? "Rejected: the investor was told why." : "The investor was asked for new documents.");
    } catch (failure) {
      setError(failureText(failure));
    }
  };

  if (!open) return done ? <Alert tone="success">{done}</Alert> : null;
  return (
    <section aria-label="Decision" className="flex flex-col gap-4 rounded-card border border-slate-200 bg-white p-5">
      <h2 className="text-lg font-semibold text-brand-900">Decision</h2>
      {!item.assignee && (
        <div className="flex flex-wrap items-center gap-3">
          <p className="text-sm text-slate-700">Nobody is working on this case yet.</p>
          <Button onClick={() => void assign(false)} disabled={action.isPending}>
            Assign to me
          </Button>
        </div>
      )}
      {item.assignee && !mine && (
        <div className="flex flex-wrap items-center gap-3">
          <p className="text-sm text-slate-700">{item.assignee.name || item.assignee.email} is working on this case.</p>
          <Button variant="secondary" onClick={() => void assign(true)} disabled={action.isPending}>
            Take over
          </Button>
        </div>
      )}
      {mine && (
        <form onSubmit={decide} noValidate aria-label="Decide the case" className="flex flex-col gap-4">
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1 text-sm font-medium text-slate-800">Your decision</legend>
            {CHOICES.map((option) => (
              <label key={option.value} className="flex min-h-11 items-start gap-3 rounded-lg border border-slate-200 px-3 py-2">
                <input type="radio" name={`${base}-decision`} value={option.value} checked={choice === option.value} onChange={() => setChoice(option.value)} className="mt-1 size-4" />
                <span>
                  <span className="block font-medium text-slate-900">{option.label}</span>
                  <span className="block text-sm text-slate-600">{option.hint}</span>
                </span>
              </label>
            ))}
          </fieldset>
          {choice !== "approve" && <TextAreaField label="Reason (the investor reads it)" rows={3} value={reason} onChange={(event) => setReason(event.target.value)} />}
          {choice === "request_resubmission" && (
            <fieldset className="flex flex-col gap-2">
              <legend className="mb-1 text-sm font-medium text-slate-800">Files to replace</legend>
              {item.documents.map((document) => (
                <label key={document.id} className="flex min-h-11 items-center gap-3">
                  <input
                    type="checkbox"
                    className="size-4"
                    checked={replace.includes(document.id)}
                    onChange={(event) => setReplace((old) => (event.target.checked ? [...old, document.id] : old.filter((id) => id !== document.id)))}
                  />
                  <span className="break-all text-sm text-slate-900">{document.fileName}</span>
                </label>
              ))}
            </fieldset>
          )}
          <SubmitButton pending={action.isPending} pendingLabel="Saving..." className="w-full sm:w-auto sm:self-start">
            {CHOICES.find((option) => option.value === choice)?.label}
          </SubmitButton>
        </form>
      )}
      {error && <Alert tone="error">{error}</Alert>}
    </section>
  );
}
