import { eq } from "drizzle-orm";
import type { Database } from "#server/db/client.js";
import { identityCase, user } from "#server/db/schema.js";
import type { Person } from "./people.js";

/** A real 1×1 JPEG (JFIF), PNG (RGBA) and PDF (one empty page, with its cross-reference table). */
export const TINY_JPEG = Buffer.from(
  "/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=",
  "base64",
);
export const TINY_PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");
export function tinyPdf(comment = ""): Buffer {
  const objects = ["<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [3 0 R] /Count 1 >>", "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 72 72] >>"];
  let text = `%PDF-1.4\n${comment ? `% ${comment}\n` : ""}`;
  const offsets = objects.map((object, index) => {
    const offset = text.length;
    text += `${index + 1} 0 obj\n${object}\nendobj\n`;
    return offset;
  });
  const xref = text.length;
  text += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, "0")} 00000 n \n`).join("")}`;
  text += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(text, "latin1");
}

const cookieOf = (who: Person) => [...who.client.cookies].map(([name, { value }]) => `${name}=${value}`).join("; ");

/** A request as the verification screen's file picker sends it (multipart, the file in `file`), from our own origin unless told. */
export function uploadFile(
  baseUrl: string,
  who: Person,
  file: { bytes: Uint8Array; name?: string; type?: string } | undefined,
  options: { field?: string; headers?: Record<string, string>; path?: string; method?: string } = {},
): Promise<Response> {
  const form = new FormData();
  if (file) form.append(options.field ?? "file", new Blob([new Uint8Array(file.bytes)], { type: file.type ?? "application/octet-stream" }), file.name ?? "document");
  return fetch(new URL(options.path ?? "/api/me/verification/documents", baseUrl), {
    method: options.method ?? "POST",
    body: form,
    headers: { Origin: baseUrl, Cookie: cookieOf(who), "X-Forwarded-For": who.client.ip, ...options.headers },
  });
}

/** The server clock's UTC day, moved by whole days: "YYYY-MM-DD". */
export const dayOf = (now: Date, plusDays = 0) => new Date(now.getTime() + plusDays * 86_400_000).toISOString().slice(0, 10);
/** The same day of the year, `years` earlier (the day must exist then: not 29 February). */
export const yearsBefore = (day: string, years: number) => `${String(Number(day.slice(0, 4)) - years).padStart(4, "0")}${day.slice(4)}`;

/** A submission the server accepts on `today`, with fields to override. */
export function submission(today: string, overrides: Record<string, unknown> = {}) {
  return {
    legalName: "Ada Okafor",
    dateOfBirth: yearsBefore(today, 30),
    country: "ng",
    address: "3 Test Close, Lagos",
    documentType: "passport",
    documentNumber: "A1234567",
    documentCountry: "NG",
    documentExpiresOn: dayOf(new Date(`${today}T12:00:00Z`), 365),
    ...overrides,
  };
}

/** What an operator's approval does (the back office is tested on its own): the case approved, the account verified. */
export async function approveCase(db: Database, userId: string, at: Date): Promise<void> {
  await db.update(identityCase).set({ status: "approved", decidedAt: at }).where(eq(identityCase.userId, userId));
  await db.update(user).set({ verificationLevel: "verified" }).where(eq(user.id, userId));
}
