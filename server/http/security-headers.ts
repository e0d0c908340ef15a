const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  // React style attributes (e.g. progress widths) need inline styles; scripts stay strict.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

export type HeaderList = ReadonlyArray<readonly [string, string]>;

/** The headers every response carries, the same on each: built once (decision 0035). */
export function securityHeaderList(options: { hsts: boolean }): HeaderList {
  return [
    ["Content-Security-Policy", CSP],
    ["X-Content-Type-Options", "nosniff"],
    ["Referrer-Policy", "strict-origin-when-cross-origin"],
    ["X-Frame-Options", "DENY"],
    ["Cross-Origin-Opener-Policy", "same-origin"],
    ["Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=()"],
    ...(options.hsts ? [["Strict-Transport-Security", "max-age=31536000; includeSubDomains"] as const] : []),
  ];
}
