import { useEffect, useState } from "react";

/**
 * The otpauth:// URI as a QR code, drawn in the browser as an SVG data: URL (the CSP allows
 * img-src data:). The URI holds the secret, so it never leaves the page: no image service, no CDN.
 * `qrcode` is loaded on demand, as the deposit page does, so Settings' chunk stays small.
 */
export function TotpQrCode({ uri }: { uri: string }) {
  const [drawn, setDrawn] = useState<{ uri: string; src: string | null } | null>(null);

  useEffect(() => {
    let cancelled = false;
    import("qrcode")
      .then((QRCode) => QRCode.toString(uri, { type: "svg", margin: 1, errorCorrectionLevel: "M" }))
      .then(
        (svg) => !cancelled && setDrawn({ uri, src: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}` }),
        (error: unknown) => {
          console.error("Could not draw the QR code", error);
          if (!cancelled) setDrawn({ uri, src: null });
        },
      );
    return () => {
      cancelled = true;
    };
  }, [uri]);

  const current = drawn?.uri === uri ? drawn : null;
  if (!current) return <div aria-hidden="true" className="size-48 animate-pulse rounded-lg bg-slate-200" />;
  if (!current.src) return <p className="text-sm text-slate-700">The QR code could not be drawn. Type the key below into your app instead.</p>;
  return (
    <img
      src={current.src}
      alt="QR code for your authenticator app"
      width={192}
      height={192}
      className="size-48 rounded-lg border border-slate-200 bg-white p-2"
      data-testid="totp-qr"
    />
  );
}
