import * as z from "zod/mini";
import { listQuery, matchingTotal, orderedRanges, sortParam } from "./admin-list.js";
import { listOf } from "./paging.js";
import { REASON_MAX, textField } from "./text.js";

/**
 * Identity checks: the account's level, its one case and the case's files, as the
 * investor's verification screen, the operator's queue and the API all see them.
 */

export const VERIFICATION_LEVELS = ["unverified", "verified"] as const;
export type VerificationLevel = (typeof VERIFICATION_LEVELS)[number];

/**
 * draft → submitted → in_review → approved | rejected | resubmission_requested; an approved case
 * becomes `expired` when its identity document's expiry passes. A rejected or resubmission-requested
 * case is edited and submitted again; so is an expired one, with a new document.
 */
export const CASE_STATUSES = ["draft", "submitted", "in_review", "approved", "rejected", "resubmission_requested", "expired"] as const;
export type CaseStatus = (typeof CASE_STATUSES)[number];
/**
 * The investor may add and remove files and submit while the case is in one of these: not yet sent,
 * or sent back (rejected, new documents asked for, the document expired). "none" (no case yet) too.
 */
export const EDITABLE_CASE_STATUSES = ["draft", "rejected", "resubmission_requested", "expired"] as const satisfies readonly CaseStatus[];
export const isEditableCase = (status: CaseStatus) => (EDITABLE_CASE_STATUSES as readonly CaseStatus[]).includes(status);
/** The operator's queue holds these; the others are decided or not yet sent. */
export const OPEN_CASE_STATUSES = ["submitted", "in_review"] as const satisfies readonly CaseStatus[];

export const CASE_STATUS_LABELS: Record<CaseStatus, string> = {
  draft: "Not submitted",
  submitted: "Submitted",
  in_review: "In review",
  approved: "Approved",
  rejected: "Rejected",
  resubmission_requested: "New documents requested",
  expired: "Document expired",
};

export const DOCUMENT_TYPES = ["passport", "id_card", "driving_licence"] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];
export const DOCUMENT_TYPE_LABELS: Record<DocumentType, string> = { passport: "Passport", id_card: "ID card", driving_licence: "Driving licence" };

/** The types a file may be, read from its bytes (never its name or the browser's word for it). */
export const IDENTITY_FILE_TYPES = ["image/jpeg", "image/png", "application/pdf"] as const;
export type IdentityFileType = (typeof IDENTITY_FILE_TYPES)[number];
export const IDENTITY_FILE_MAX_BYTES = 10 * 1024 * 1024;
export const IDENTITY_FILES_MAX = 3;
/** The web's file picker hint; the server decides by the bytes. */
export const IDENTITY_FILE_ACCEPT = ".jpg,.jpeg,.png,.pdf,image/jpeg,image/png,application/pdf";

/** The youngest age an investor may be, in whole years on the day the case is submitted. */
export const MINIMUM_AGE_YEARS = 18;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
export const isCalendarDate = (text: string) => ISO_DATE.test(text) && new Date(`${text}T00:00:00Z`).toISOString().startsWith(text);

/** A moment's UTC day, "YYYY-MM-DD": the server judges ages and expiry dates on its clock's. */
export const utcDay = (moment: Date) => moment.toISOString().slice(0, 10);

/** Whole years between a birth date and a day, both "YYYY-MM-DD" (a birthday counts on its day). */
export function ageOn(birthDate: string, day: string): number {
  const [by, bm, bd] = birthDate.split("-").map(Number) as [number, number, number];
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}

const dateField = (label: string) =>
  z.string(`${label} is required.`).check(z.trim(), z.refine(isCalendarDate, `${label} must be a date like 1990-01-31.`));

/** ISO 3166-1 alpha-2 ("NG", "GB"): upper-cased, two letters. */
const countryField = (label: string) =>
  z.string(`${label} is required.`).check(
    z.trim(),
    z.overwrite((text) => text.toUpperCase()),
    z.regex(/^[A-Z]{2}$/, `${label} must be a two-letter country code, like NG or GB.`),
  );

/**
 * `POST /api/me/verification`: the case's data, submitted as JSON once its files are uploaded
 * (one to three, not removed). The age and the expiry are checked against the server's day too.
 */
export const submitVerificationSchema = z.object({
  legalName: textField({ label: "Your legal name", min: 2, max: 200, messages: { required: "Enter your full legal name." } }),
  dateOfBirth: dateField("Date of birth"),
  country: countryField("Country of residence"),
  address: textField({ label: "Your address", min: 5, max: 500, multiline: true, messages: { required: "Enter your home address." } }),
  documentType: z.enum(DOCUMENT_TYPES, "Choose a passport, an ID card or a driving licence."),
  documentNumber: textField({ label: "The document number", min: 3, max: 50, messages: { required: "Enter the document's number." } }),
  documentCountry: countryField("The issuing country"),
  documentExpiresOn: dateField("The expiry date"),
});
export type SubmitVerificationInput = z.infer<typeof submitVerificationSchema>;

export const identityDocumentDto = z.object({
  id: z.string(),
  fileName: z.string(),
  contentType: z.enum(IDENTITY_FILE_TYPES),
  sizeBytes: z.number(),
  createdAt: z.string(),
  /** The operator asked for this file to be replaced. */
  replaceRequested: z.boolean(),
});
export type IdentityDocumentDto = z.infer<typeof identityDocumentDto>;

/** The case's data as given (null until the investor fills it in); the investor's data export reuses it. */
export const caseFields = {
  id: z.string(),
  status: z.enum(CASE_STATUSES),
  /** The operator's words on the decision: the screen shows those of a rejection or a request for new documents; an approval's stays readable here and in the export. */
  reason: z.nullable(z.string()),
  legalName: z.nullable(z.string()),
  dateOfBirth: z.nullable(z.string()),
  country: z.nullable(z.string()),
  address: z.nullable(z.string()),
  documentType: z.nullable(z.enum(DOCUMENT_TYPES)),
  documentNumber: z.nullable(z.string()),
  documentCountry: z.nullable(z.string()),
  documentExpiresOn: z.nullable(z.string()),
  submittedAt: z.nullable(z.string()),
  decidedAt: z.nullable(z.string()),
  /** The files the case holds now (removed and replaced ones are kept as evidence but not listed here). */
  documents: z.array(identityDocumentDto),
};

/**
 * `GET /api/me/verification`: the level, the case (null before the first upload or save), and what
 * the level allows: an unverified account's deposit limit, what it has used (pending and credited
 * deposits together) and what remains; a verified one has no such limit (all three null).
 */
export const verificationDto = z.object({
  level: z.enum(VERIFICATION_LEVELS),
  case: z.nullable(z.object(caseFields)),
  limits: z.object({
    depositLimitCents: z.nullable(z.number()),
    depositedCents: z.nullable(z.number()),
    depositRemainingCents: z.nullable(z.number()),
    /** Payouts, transfers and paying money requests: only from a verified account. */
    moneyOutAllowed: z.boolean(),
  }),
});
export type VerificationDto = z.infer<typeof verificationDto>;

/** The web route a VERIFICATION_REQUIRED refusal points to (its `error.link`). */
export const VERIFICATION_PATH = "/dashboard/verification";

// ---- The back office ----

export const ADMIN_VERIFICATION_SORTS = ["submittedAt", "createdAt"] as const;
export const adminVerificationsQuery = z
  .object({
    ...listQuery(sortParam(ADMIN_VERIFICATION_SORTS, { key: "submittedAt", direction: "asc" })),
    status: z.optional(z.enum([...CASE_STATUSES, "open"], "status must be open or one of a case's statuses.")),
  })
  .check(...orderedRanges);
export type AdminVerificationsQuery = z.infer<typeof adminVerificationsQuery>;

const person = z.object({ id: z.string(), name: z.string(), email: z.string() });

export const adminVerificationItem = z.object({
  id: z.string(),
  status: z.enum(CASE_STATUSES),
  user: person,
  legalName: z.nullable(z.string()),
  country: z.nullable(z.string()),
  documentType: z.nullable(z.enum(DOCUMENT_TYPES)),
  documentCount: z.number(),
  submittedAt: z.nullable(z.string()),
  createdAt: z.string(),
  assignee: z.nullable(person),
});
export type AdminVerificationItem = z.infer<typeof adminVerificationItem>;
export const adminVerificationList = listOf(adminVerificationItem, matchingTotal);

/** One case for the operator: its data, files, the account's level and deposits so far, and who decided. */
export const adminVerificationDto = z.object({
  ...caseFields,
  user: z.extend(person, { createdAt: z.string(), level: z.enum(VERIFICATION_LEVELS), emailVerified: z.boolean() }),
  assignee: z.nullable(person),
  decidedBy: z.nullable(person),
  /** Deposits so far: how many and their total (credited where decided, claimed while pending), in cents. */
  deposits: z.object({ count: z.number(), pendingCents: z.number(), creditedCents: z.number() }),
});
export type AdminVerificationDto = z.infer<typeof adminVerificationDto>;

export const VERIFICATION_DECISIONS = ["approve", "reject", "request_resubmission"] as const;
export type VerificationDecision = (typeof VERIFICATION_DECISIONS)[number];

/**
 * `POST /api/admin/verifications/:id/decision`. A rejection and a request for new documents carry
 * the reason the investor reads; a request names the files to replace (at least one).
 */
export const verificationDecisionSchema = z
  .object({
    decision: z.enum(VERIFICATION_DECISIONS, "decision must be approve, reject or request_resubmission."),
    reason: z.optional(textField({ label: "The reason", max: REASON_MAX, multiline: true })),
    replaceDocumentIds: z.optional(z.array(z.string().check(z.maxLength(100))).check(z.maxLength(IDENTITY_FILES_MAX))),
  })
  .check(
    z.refine((input) => input.decision === "approve" || Boolean(input.reason), { error: "Give the reason the investor will read.", path: ["reason"] }),
    z.refine((input) => input.decision !== "request_resubmission" || (input.replaceDocumentIds?.length ?? 0) > 0, {
      error: "Choose the files to replace.",
      path: ["replaceDocumentIds"],
    }),
  );
export type VerificationDecisionInput = z.infer<typeof verificationDecisionSchema>;

/**
 * `POST /api/admin/verifications/:id/assign`: the case becomes the caller's ("assign to me"). A case
 * another admin is working on needs `takeOver: true`, which the audit log records.
 */
export const assignVerificationSchema = z.object({ takeOver: z.optional(z.boolean("takeOver must be true or false.")) });
export type AssignVerificationInput = z.infer<typeof assignVerificationSchema>;

/**
 * `POST /api/admin/users/:id/identity/approve`: an existing account's identity approved from the
 * user's page, with how it was checked (kept on the case and in the audit log).
 */
export const approveIdentitySchema = z.object({
  reason: textField({
    label: "How the identity was checked",
    min: 3,
    max: REASON_MAX,
    multiline: true,
    messages: { required: "Say how the identity was checked: it is kept on the case and in the audit log." },
  }),
});
export type ApproveIdentityInput = z.infer<typeof approveIdentitySchema>;
