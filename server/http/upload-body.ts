import type { Context } from "hono";
import { AppError } from "../errors.js";

/**
 * A route that takes one file as multipart/form-data (server/http/api-router.ts `upload`): the
 * form field that holds it and the most bytes the file may have. The whole request may be a little
 * larger (the parts' headers and boundaries): MULTIPART_OVERHEAD_BYTES.
 */
export interface Upload {
  field: string;
  maxBytes: number;
}

/** What the route gets: the bytes (in memory, never on disk) and the name the sender gave, cleaned for display. */
export interface UploadedFile {
  bytes: Buffer;
  fileName: string;
}

/** Room for the boundaries and the part headers around the file (a long file name included). */
export const MULTIPART_OVERHEAD_BYTES = 64 * 1024;
export const FILE_NAME_MAX = 200;

const MEGABYTE = 1024 * 1024;
export const fileTooLarge = (maxBytes: number) =>
  `The file must be at most ${maxBytes % MEGABYTE === 0 ? `${maxBytes / MEGABYTE} MB` : `${Math.floor(maxBytes / 1024)} KB`}.`;

/**
 * Reads the upload's one file. The body was held to its limit before any route ran
 * (request-guards.ts `limitBody`); here: multipart/form-data only (415 otherwise, as JSON-only
 * routes answer other types), exactly one non-empty file in the field (400 naming it), at most
 * `maxBytes` (413). What the file is, is for the caller to read from its bytes: the name and the
 * type the browser declared are the sender's word.
 */
export async function readUpload(c: Context, upload: Upload): Promise<UploadedFile> {
  const type = c.req.header("content-type")?.split(";")[0]?.trim().toLowerCase();
  if (type !== "multipart/form-data") {
    throw new AppError("UNSUPPORTED_MEDIA_TYPE", `Send the file as multipart/form-data, in the field "${upload.field}".`);
  }
  const missing = () => new AppError("VALIDATION_FAILED", "Choose a file to upload.", { [upload.field]: "Choose a file to upload." });
  let form: FormData;
  try {
    form = await c.req.formData();
  } catch {
    throw new AppError("VALIDATION_FAILED", "The upload could not be read. Choose the file and try again.", { [upload.field]: "The upload could not be read." });
  }
  const files = form.getAll(upload.field);
  if (files.length > 1) throw new AppError("VALIDATION_FAILED", "Upload one file at a time.", { [upload.field]: "Upload one file at a time." });
  const [file] = files;
  if (!(file instanceof File) || file.size === 0) throw missing();
  if (file.size > upload.maxBytes) throw new AppError("PAYLOAD_TOO_LARGE", fileTooLarge(upload.maxBytes));
  return { bytes: Buffer.from(await file.arrayBuffer()), fileName: displayFileName(file.name) };
}

// eslint-disable-next-line no-control-regex -- removing control characters is the point
const UNPRINTABLE = /[\u0000-\u001F\u007F-\u009F\u2028\u2029\u202A-\u202E\u2066-\u2069]/g;

/**
 * The sender's file name as a label and nothing more: the last part of any path (either slash),
 * without control or bidi characters, leading dots or runs of spaces, at most FILE_NAME_MAX
 * characters (the extension kept when it is cut); "document" when nothing is left.
 */
export function displayFileName(name: string): string {
  const base = name.split(/[/\\]/).pop() ?? "";
  const clean = base.normalize("NFC").replace(UNPRINTABLE, "").replace(/\s+/g, " ").trim().replace(/^\.+/, "").trim();
  const characters = Array.from(clean);
  if (characters.length === 0) return "document";
  if (characters.length <= FILE_NAME_MAX) return clean;
  const dot = clean.lastIndexOf(".");
  const extension = dot > 0 && clean.length - dot <= 10 ? Array.from(clean.slice(dot)) : [];
  return [...characters.slice(0, FILE_NAME_MAX - extension.length), ...extension].join("");
}
