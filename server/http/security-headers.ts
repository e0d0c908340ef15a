import type { MiddlewareHandler } from "hono";
import { secureHeaders } from "hono/secure-headers";

/**
 * The headers every response carries, refusals and errors included (Hono's secureHeaders sets
 * them once the response is made): a strict Content-Security-Policy (React's style attributes need
 * inline styles; scripts stay strict), no framing, no sniffing, and HSTS in production. `blob:` (images,
 * frames, and Chromium's own read of them) is the identity files an operator opens: fetched by the
 * page itself, shown from memory; a blob: URL can only name what this origin's page made.
 */
export function securityHeaders(options: { hsts: boolean }): MiddlewareHandler {
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", "data:", "blob:"],
      frameSrc: ["blob:"],
      fontSrc: ["'self'"],
      connectSrc: ["'self'", "blob:"],
      objectSrc: ["'none'"],
      baseUri: ["'none'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
    xFrameOptions: "DENY",
    referrerPolicy: "strict-origin-when-cross-origin",
    crossOriginOpenerPolicy: "same-origin",
    // Another origin may still send a request (the Origin check refuses it), but never reads the answer.
    crossOriginResourcePolicy: "same-origin",
    permissionsPolicy: { camera: [], microphone: [], geolocation: [], payment: [] },
    strictTransportSecurity: options.hsts ? "max-age=31536000; includeSubDomains" : false,
  });
}
