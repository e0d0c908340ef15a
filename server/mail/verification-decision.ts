import type { VerificationDecision } from "#shared/schemas/verification.js";

/**
 * What the investor is told of an operator's decision on their identity case: the in-app
 * notification and, as its e-mail copy (server/services/notifications/notify.ts), the mail, both
 * linking /dashboard/verification (the notification kind's link). Plain text: the reason is the
 * operator's own words and never becomes markup.
 */
export interface DecisionNotice {
  kind: "verification_approved" | "verification_rejected" | "verification_resubmission_requested";
  title: string;
  body: string;
}

export function verificationDecisionNotice(decision: VerificationDecision, reason: string | null, replaceCount = 0): DecisionNotice {
  switch (decision) {
    case "approve":
      return {
        kind: "verification_approved",
        title: "Your identity is verified",
        body: "We checked your identity and approved it. Your account can now deposit without the unverified limit, withdraw, send transfers and pay money requests.",
      };
    case "reject":
      return {
        kind: "verification_rejected",
        title: "Your identity check was not approved",
        body: `We could not verify your identity: ${reason ?? ""} You can correct your details and submit them again on your verification page.`,
      };
    case "request_resubmission":
      return {
        kind: "verification_resubmission_requested",
        title: "New identity documents needed",
        body: `Please replace ${replaceCount === 1 ? "one of your files" : `${replaceCount} of your files`} and submit again on your verification page: ${reason ?? ""}`,
      };
  }
}
