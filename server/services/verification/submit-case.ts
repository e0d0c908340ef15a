import { eq } from "drizzle-orm";
import { ageOn, IDENTITY_FILES_MAX, MINIMUM_AGE_YEARS, utcDay, type SubmitVerificationInput } from "#shared/schemas/verification.js";
import type { Database } from "#server/db/client.js";
import { identityCase } from "#server/db/schema.js";
import { AppError } from "#server/errors.js";
import { recordCaseAudit } from "./case-audit.js";
import { currentDocuments } from "./case-dto.js";
import { lockCaseOf, refuseUnlessEditable } from "./editable-case.js";

/** What the dates say against today, a message per field (the schema already checked their form). */
function dateProblems(input: SubmitVerificationInput, today: string): Record<string, string> {
  const problems: Record<string, string> = {};
  // Calendar dates as YYYY-MM-DD compare as text.
  if (input.dateOfBirth > today) problems.dateOfBirth = "Your date of birth cannot be in the future.";
  else if (ageOn(input.dateOfBirth, today) < MINIMUM_AGE_YEARS) problems.dateOfBirth = `You must be at least ${MINIMUM_AGE_YEARS} years old to use this service.`;
  else if (ageOn(input.dateOfBirth, today) > 130) problems.dateOfBirth = "Check your date of birth.";
  if (input.documentExpiresOn <= today) problems.documentExpiresOn = "This document is no longer valid after today. Send one that is.";
  return problems;
}

/**
 * Sends the caller's case to the operator: its data as given and the files it holds now. Only an
 * editable case (409 while it is submitted, in review or approved); with one to three files, none
 * of them one the operator asked to replace; the investor of age and the document valid after the
 * server's UTC day (400 naming each field). The operator's last reason, the files to replace and
 * the last decision are cleared; a new document gets a new expiry notice.
 */
export async function submitIdentityCase(db: Database, userId: string, input: SubmitVerificationInput, now: Date): Promise<void> {
  const problems = dateProblems(input, utcDay(now));
  await db.transaction(async (tx) => {
    const row = await lockCaseOf(tx, userId);
    if (row) refuseUnlessEditable(row);
    const documents = row ? await currentDocuments(tx, row.id) : [];
    const toReplace = documents.filter((document) => row?.replaceDocumentIds.includes(document.id));
    if (documents.length === 0) problems.documents = "Upload a photo or scan of your document first: one to three JPEG, PNG or PDF files.";
    else if (documents.length > IDENTITY_FILES_MAX) problems.documents = `Send at most ${IDENTITY_FILES_MAX} files: remove ${documents.length - IDENTITY_FILES_MAX}.`;
    else if (toReplace.length > 0) {
      problems.documents = `We asked for a new copy of ${toReplace.map((document) => `"${document.fileName}"`).join(", ")}: remove it and upload a new one.`;
    }
    if (!row || Object.keys(problems).length > 0) {
      throw new AppError("VALIDATION_FAILED", Object.values(problems)[0] ?? "Some fields are not valid.", problems);
    }
    await tx
      .update(identityCase)
      .set({
        ...input,
        status: "submitted",
        submittedAt: now,
        reason: null,
        replaceDocumentIds: [],
        assigneeId: null,
        decidedAt: null,
        decidedBy: null,
        expiryNoticeAt: null,
        updatedAt: now,
      })
      .where(eq(identityCase.id, row.id));
    // The personal data stays on the case; the audit log, kept for ever, records only the step.
    await recordCaseAudit(tx, userId, "verification.submit", row.id, { status: row.status }, { status: "submitted", documentIds: documents.map((document) => document.id) });
  });
}
