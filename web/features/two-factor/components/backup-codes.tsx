import { Download } from "lucide-react";
import { useEffect, useRef } from "react";
import { Alert } from "#web/components/ui/alert.js";
import { Button } from "#web/components/ui/button.js";
import { backupCodesFile } from "../otpauth.js";

/** A .txt made in the browser: the codes never travel again once the server has answered. */
function download(text: string, fileName: string) {
  const url = URL.createObjectURL(new Blob([text], { type: "text/plain;charset=utf-8" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked a moment later: some browsers start the download only after the click's task.
  window.setTimeout(() => URL.revokeObjectURL(url), 1000);
}

interface BackupCodesProps {
  codes: string[];
  intro: string;
  siteName: string;
  email: string;
  onDone: () => void;
}

/** The ten one-time codes, shown once: the server keeps only a hash of each and can never show them again. */
export function BackupCodes({ codes, intro, siteName, email, onDone }: BackupCodesProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  return (
    <div className="flex flex-col gap-4">
      <h3 ref={heading} tabIndex={-1} className="font-semibold text-brand-900 outline-none">
        Your backup codes
      </h3>
      <Alert tone="success">{intro}</Alert>
      <p className="text-sm text-slate-700">
        If you lose your phone, each of these codes works once instead of the app: to sign in, or to confirm money leaving your account. Save them now:{" "}
        <strong>they will not be shown again.</strong>
      </p>
      <ol className="grid grid-cols-1 gap-2 rounded-lg border border-slate-200 bg-slate-50 p-4 font-mono text-base break-all text-slate-900 md:grid-cols-2" aria-label="Backup codes" data-testid="backup-codes">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <div className="flex flex-col gap-3 sm:flex-row">
        <Button variant="secondary" onClick={() => download(backupCodesFile({ siteName, email, codes, madeAt: new Date() }), `${siteName.toLowerCase().replace(/[^a-z0-9]+/g, "-")}-backup-codes.txt`)}>
          <Download aria-hidden="true" className="size-4" />
          Download
        </Button>
        <Button onClick={onDone}>I have saved them</Button>
      </div>
    </div>
  );
}
