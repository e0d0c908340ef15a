import { useEffect, useState } from "react";
import type { AdminVerificationDto, IdentityDocumentDto } from "#shared/schemas/verification.js";
import { Alert } from "#web/components/ui/alert.js";
import { Badge } from "#web/components/ui/badge.js";
import { Button } from "#web/components/ui/button.js";
import { ApiError } from "#web/lib/api.js";
import { documentPath, fetchDocument } from "../api/admin-verifications.js";

/**
 * One file: opened only when the operator asks (every view is an audit entry), then shown in the
 * page from a blob: URL (an image, or the browser's PDF viewer), with a download of the same bytes.
 */
function CaseFile({ caseId, document }: { caseId: string; document: IdentityDocumentDto }) {
  const [url, setUrl] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  useEffect(() => () => void (url && URL.revokeObjectURL(url)), [url]);

  const show = async () => {
    setPending(true);
    setError(null);
    try {
      setUrl(URL.createObjectURL(await fetchDocument(caseId, document.id)));
    } catch (failure) {
      setError(failure instanceof ApiError && failure.status > 0 ? failure.message : "The file could not be opened. Please try again.");
    } finally {
      setPending(false);
    }
  };

  return (
    <li className="flex flex-col gap-3 rounded-lg border border-slate-200 p-3">
      <div className="flex flex-wrap items-center gap-3">
        <span className="min-w-0 flex-1 break-all text-sm font-medium text-slate-900">{document.fileName}</span>
        {document.replaceRequested && <Badge tone="danger">Replacement asked for</Badge>}
        {!url && (
          <Button variant="secondary" className="min-h-9 px-3" onClick={() => void show()} disabled={pending} aria-label={`Show ${document.fileName}`}>
            {pending ? "Opening..." : "Show"}
          </Button>
        )}
        <a href={documentPath(caseId, document.id)} className="text-sm font-semibold text-brand-700 underline underline-offset-2" aria-label={`Download ${document.fileName}`}>
          Download
        </a>
      </div>
      {error && <Alert tone="error">{error}</Alert>}
      {url &&
        (document.contentType === "application/pdf" ? (
          <iframe src={url} title={document.fileName} className="h-[32rem] w-full rounded border border-slate-200" />
        ) : (
          <img src={url} alt={`${document.fileName}, as uploaded`} className="max-h-[32rem] w-full rounded border border-slate-200 object-contain" />
        ))}
    </li>
  );
}

export function CaseFiles({ item }: { item: AdminVerificationDto }) {
  return (
    <section aria-label="Document files" className="rounded-card border border-slate-200 bg-white p-5">
      <h2 className="mb-1 text-lg font-semibold text-brand-900">Document files</h2>
      <p className="mb-4 text-sm text-slate-600">Each file is decrypted when you open it, and every view is recorded in the audit log with your name.</p>
      {item.documents.length === 0 ? (
        <p className="text-sm text-slate-600">No files.</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {item.documents.map((document) => (
            <CaseFile key={document.id} caseId={item.id} document={document} />
          ))}
        </ul>
      )}
    </section>
  );
}
