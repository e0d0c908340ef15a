import { Check, Copy } from "lucide-react";
import { useEffect, useState } from "react";
import { Button } from "./button.js";

/** Copies `text`; the label reads "Copied!" for two seconds (kept from the reference site: docs/product.md, section 9). */
export function CopyButton({ text, label = "Copy Address", onFailure }: { text: string; label?: string; onFailure?: () => void }) {
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), 2000);
    return () => window.clearTimeout(timer);
  }, [copied]);

  const copy = () => {
    // The Clipboard API needs a secure context and permission; without it, let the caller offer manual copying.
    if (!navigator.clipboard) return onFailure?.();
    navigator.clipboard.writeText(text).then(
      () => setCopied(true),
      () => onFailure?.(),
    );
  };

  return (
    <Button variant="secondary" onClick={copy}>
      {copied ? <Check aria-hidden="true" className="size-4" /> : <Copy aria-hidden="true" className="size-4" />}
      {/* Announced politely, so a screen reader hears the change without losing its place. */}
      <span aria-live="polite">{copied ? "Copied!" : label}</span>
    </Button>
  );
}
