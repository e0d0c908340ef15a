import { useId, useState, type ChangeEvent } from "react";
import { IDENTITY_FILE_ACCEPT, IDENTITY_FILE_MAX_BYTES, IDENTITY_FILES_MAX, type IdentityDocumentDto } from "#shared/schemas/verification.js";
import { Alert } from "#web/components/ui/alert.js";
import { Badge } from "#web/components/ui/badge.js";
import { Button } from "#web/components/ui/button.js";
import { ApiError } from "#web/lib/api.js";
import { useRemoveDocument, useUploadDocument } from "../api/verification.js";

const MEGABYTE = 1024 * 1024;
const KIND: Record<IdentityDocumentDto["contentType"], string> = { "image/jpeg": "JPEG", "image/png": "PNG", "application/pdf": "PDF" };

function sizeOf(bytes: number): string {
  return bytes >= MEGABYTE ? `${(bytes / MEGABYTE).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** The server's sentence for a refused file (its type is read from the bytes, so only it can say). */
function uploadError(error: unknown): string {
  if (error instanceof ApiError && error.message && error.status !== 0 && error.status < 500) return error.fields?.file ?? error.message;
  return "The file could not be uploaded. Please try again.";
}

/**
 * The case's files: each can be removed while the case can be edited, and new ones are sent one at
 * a time as they are picked. Nothing is checked here that the server does not check again.
 */
export function IdentityFiles({ documents, editable, error }: { documents: IdentityDocumentDto[]; editable: boolean; error?: string }) {
  const upload = useUploadDocument();
  const remove = useRemoveDocument();
  const [notice, setNotice] = useState<string | null>(null);
  const inputId = useId();
  const full = documents.length >= IDENTITY_FILES_MAX;

  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    setNotice(null);
    if (file.size > IDENTITY_FILE_MAX_BYTES) return setNotice(`${file.name} is larger than 10 MB. Upload a smaller scan or photo.`);
    try {
      await upload.mutateAsync(file);
    } catch (failure) {
      setNotice(uploadError(failure));
    }
  };

  const removeFile = async (id: string) => {
    setNotice(null);
    try {
      await remove.mutateAsync(id);
    } catch (failure) {
      setNotice(uploadError(failure));
    }
  };

  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="text-sm font-medium text-slate-800">Document files</legend>
      <p className="text-sm text-slate-600">
        One to {IDENTITY_FILES_MAX} files: a photo or scan of each side of the document, as JPEG, PNG or PDF, at most 10 MB each. They are stored encrypted and only our
        operators can open them.
      </p>
      {documents.length > 0 ? (
        <ul className="flex flex-col gap-2" aria-label="Uploaded files">
          {documents.map((document) => (
            <li key={document.id} className="flex flex-wrap items-center gap-3 rounded-lg border border-slate-200 px-3 py-2">
              <span className="min-w-0 flex-1 break-all text-sm text-slate-900">{document.fileName}</span>
              <span className="text-xs text-slate-600">
                {KIND[document.contentType]}, {sizeOf(document.sizeBytes)}
              </span>
              {document.replaceRequested && <Badge tone="danger">Replace this file</Badge>}
              {editable && (
                <Button variant="ghost" className="min-h-9 px-3" disabled={remove.isPending} onClick={() => void removeFile(document.id)} aria-label={`Remove ${document.fileName}`}>
                  Remove
                </Button>
              )}
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-600">No files yet.</p>
      )}
      {editable && !full && (
        <div className="flex flex-col gap-1.5">
          <label htmlFor={inputId} className="text-sm font-medium text-slate-800">
            Add a file
          </label>
          <input
            id={inputId}
            type="file"
            accept={IDENTITY_FILE_ACCEPT}
            onChange={(event) => void pick(event)}
            disabled={upload.isPending}
            aria-invalid={error ? true : undefined}
            className="min-h-11 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 file:mr-3 file:rounded file:border-0 file:bg-brand-50 file:px-3 file:py-1 file:text-brand-800"
          />
          {upload.isPending && <p className="text-sm text-slate-600" role="status">Uploading…</p>}
        </div>
      )}
      {error && <p className="text-sm text-danger-600">{error}</p>}
      {notice && <Alert tone="error">{notice}</Alert>}
    </fieldset>
  );
}
