import { useEffect, useState } from "react";

export const FALLBACK_QR = "/qrcodes/fallback.png";

/**
 * A QR code of `text`, drawn in the browser as a data: URL (the CSP allows img-src data:).
 * `qrcode` is imported on demand so the dashboard's main chunk stays small. When there is no
 * text (the address failed to load) or drawing fails, the fallback image is shown instead.
 */
export function QrCode({ text, label }: { text: string | null; label: string }) {
  const [drawn, setDrawn] = useState<{ text: string; src: string } | null>(null);
  const [broken, setBroken] = useState(false);

  useEffect(() => {
    if (!text) return;
    let cancelled = false;
    import("qrcode")
      .then((QRCode) => QRCode.toDataURL(text, { margin: 1, width: 200, errorCorrectionLevel: "M" }))
      .then(
        (src) => !cancelled && setDrawn({ text, src }),
        (error: unknown) => {
          console.error("Could not draw the QR code", error);
          if (!cancelled) setDrawn({ text, src: FALLBACK_QR });
        },
      );
    return () => {
      cancelled = true;
    };
  }, [text]);

  const ready = drawn && drawn.text === text ? drawn.src : null;
  const src = !text || broken ? FALLBACK_QR : ready;
  if (!src) return <div aria-hidden="true" className="size-48 animate-pulse rounded-lg bg-slate-200" />;
  return (
    <img
      src={src}
      alt={label}
      width={192}
      height={192}
      className="size-48 rounded-lg border border-slate-200 bg-white p-2"
      onError={() => setBroken(true)}
    />
  );
}
