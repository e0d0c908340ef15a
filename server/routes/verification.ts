import { IDENTITY_FILE_MAX_BYTES, identityDocumentDto, submitVerificationSchema, verificationDto } from "#shared/schemas/verification.js";
import type { AppDeps } from "../app-deps.js";
import { ApiRouter } from "../http/api-router.js";
import { readMyVerification } from "../services/verification/my-verification.js";
import { removeIdentityDocument } from "../services/verification/remove-document.js";
import { submitIdentityCase } from "../services/verification/submit-case.js";
import { uploadIdentityDocument } from "../services/verification/upload-document.js";

/**
 * The investor's identity check: their level and limits, their case's files (the one
 * route of the app that takes multipart, a file read from its bytes and stored encrypted), and the
 * submission. Always the caller's own case; another's file is a 404.
 */
export function verificationRoutes(deps: Pick<AppDeps, "auth" | "database" | "config" | "clock" | "kycKey">) {
  const { database, config, clock, kycKey } = deps;
  const mine = (userId: string) => readMyVerification(database.db, config, userId);
  return new ApiRouter("/api/me/verification", deps)
    .on(
      {
        method: "get",
        path: "/",
        summary: "The caller's identity level, their case with its current files (null before the first upload), and what the level allows",
        auth: "user",
        response: verificationDto,
      },
      async (c) => c.json(await mine(c.get("user").id)),
    )
    .on(
      {
        method: "post",
        path: "/documents",
        summary: "Add a file (JPEG, PNG or PDF, read from its bytes; at most 10 MB) to the caller's case, creating the draft case; at most three at once, only while the case is editable",
        auth: "user",
        upload: { field: "file", maxBytes: IDENTITY_FILE_MAX_BYTES },
        response: identityDocumentDto,
        status: 201,
      },
      async (c, { file }) => c.json(await uploadIdentityDocument(database.db, kycKey, c.get("user").id, file, clock.now()), 201),
    )
    .on(
      {
        method: "delete",
        path: "/documents/:id",
        summary: "Remove one of the case's current files while the case is editable (kept as evidence until retention ends); 404 for anyone else's",
        auth: "user",
        response: verificationDto,
      },
      async (c) => {
        await removeIdentityDocument(database.db, c.get("user").id, c.req.param("id"), clock.now());
        return c.json(await mine(c.get("user").id));
      },
    )
    .on(
      {
        method: "post",
        path: "/",
        summary: "Submit the case for review: its data, and the one to three files it holds; the investor of age and the document valid after today",
        auth: "user",
        body: submitVerificationSchema,
        response: verificationDto,
      },
      async (c, { body }) => {
        await submitIdentityCase(database.db, c.get("user").id, body, clock.now());
        return c.json(await mine(c.get("user").id));
      },
    );
}
