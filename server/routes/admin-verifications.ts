import {
  adminVerificationDto,
  adminVerificationList,
  adminVerificationsQuery,
  assignVerificationSchema,
  IDENTITY_FILE_TYPES,
  verificationDecisionSchema,
} from "#shared/schemas/verification.js";
import type { AppDeps } from "../app-deps.js";
import type { DbExecutor } from "../db/client.js";
import { ApiRouter } from "../http/api-router.js";
import { listResponse } from "../http/csv-response.js";
import { fileResponse } from "../http/file-response.js";
import { assignCase } from "../services/verification/assign-case.js";
import { decideCase } from "../services/verification/decide-case.js";
import { listVerificationsForAdmin, VERIFICATION_CSV_COLUMNS } from "../services/verification/list-verifications.js";
import { readAdminCase } from "../services/verification/read-admin-case.js";
import { viewIdentityDocument } from "../services/verification/view-identity-document.js";

const IDENTITY_FILE = {
  contentType: IDENTITY_FILE_TYPES,
  description: "The file decrypted, as its detected type (Content-Disposition: attachment; Cache-Control: no-store); every view is an audit entry",
};

/**
 * The operator's identity queue: the cases, one case with its files, assigning a case to
 * oneself and deciding it. Admins only, with a session that passed the second factor.
 */
export function adminVerificationRoutes(deps: Pick<AppDeps, "auth" | "database" | "config" | "clock" | "kycKey">) {
  const { database, clock, kycKey } = deps;
  const db = database.db;
  /** A change to a case and the case as it is then, in one transaction. */
  const changeThenRead = (actorId: string, caseId: string, change: (tx: DbExecutor, actorId: string, caseId: string) => Promise<void>) =>
    db.transaction(async (tx) => {
      await change(tx, actorId, caseId);
      return readAdminCase(tx, caseId);
    });
  return new ApiRouter("/api/admin/verifications", deps)
    .on(
      {
        method: "get",
        path: "/",
        summary: "Identity cases, filtered (status=open: submitted and in review), searched (e-mail, name, legal name), sorted (oldest submission first) and paged (format=csv: every match as a file)",
        auth: "admin",
        query: adminVerificationsQuery,
        response: adminVerificationList,
      },
      async (c, { query }) => listResponse(c, query.format, await listVerificationsForAdmin(database.replica, query), { fileName: "termvest-verifications.csv", columns: VERIFICATION_CSV_COLUMNS }),
    )
    .on(
      {
        method: "get",
        path: "/:id",
        summary: "One identity case: the investor's data and current files, the account, who is reviewing and who decided it, the deposits so far",
        auth: "admin",
        response: adminVerificationDto,
      },
      async (c) => c.json(await readAdminCase(db, c.req.param("id"))),
    )
    .on(
      {
        method: "get",
        path: "/:id/documents/:documentId",
        summary: "One file of the case, decrypted, as a download (a replaced one too; 404 once the retention job deleted it); each view is audited",
        auth: "admin",
        file: IDENTITY_FILE,
      },
      async (c) => {
        const opened = await db.transaction((tx) => viewIdentityDocument(tx, kycKey, c.get("user").id, c.req.param("id"), c.req.param("documentId")));
        return fileResponse(c, { fileName: opened.fileName, contentType: opened.contentType, bytes: opened.bytes });
      },
    )
    .on(
      {
        method: "post",
        path: "/:id/assign",
        summary: "Assign the case to the caller (submitted → in review); 409 naming the admin reviewing it, unless takeOver (audited)",
        auth: "admin",
        body: assignVerificationSchema,
        response: adminVerificationDto,
      },
      async (c, { body }) => c.json(await changeThenRead(c.get("user").id, c.req.param("id"), (tx, actorId, caseId) => assignCase(tx, actorId, caseId, body, clock.now()))),
    )
    .on(
      {
        method: "post",
        path: "/:id/decision",
        summary: "Approve, reject (with the reason) or ask for new files (which, and why): only the case's assignee, never on their own case; the investor is notified and e-mailed",
        auth: "admin",
        body: verificationDecisionSchema,
        response: adminVerificationDto,
      },
      async (c, { body }) => c.json(await changeThenRead(c.get("user").id, c.req.param("id"), (tx, actorId, caseId) => decideCase(tx, actorId, caseId, body, clock.now()))),
    );
}
