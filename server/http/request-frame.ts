import { randomUUID } from "node:crypto";
import { createServer, ServerResponse, type IncomingMessage, type OutgoingHttpHeaders, type Server } from "node:http";
import type { Logger } from "../logger.js";
import { runWithRequestId } from "./request-context.js";
import type { HeaderList } from "./security-headers.js";

/** How @hono/node-server's `getRequestListener` answers a request: its promise settles when the response is written. */
export type RequestListener = (incoming: IncomingMessage, outgoing: ServerResponse) => Promise<unknown>;

/**
 * The path as the log shows it: decoded as Hono decodes it for routing (so an encoded spelling
 * cannot slip past the redaction), reset tokens redacted, the query never logged at all.
 */
export function loggablePath(url: string): string {
  const query = url.indexOf("?");
  let pathname = query === -1 ? url : url.slice(0, query);
  try {
    pathname = decodeURI(pathname);
  } catch {
    // Logged as sent: a malformed escape is no route's path.
  }
  return pathname.replace(/(\/reset-password\/)[^/]+/i, "$1[redacted]");
}

/**
 * The Node.js response our server answers with. The headers every response carries (the security
 * headers and the request's id) join the head when the app writes it, in the one `writeHead` call
 * the app makes anyway, so a request pays nothing for them before that. Set one by one with
 * `setHeader` before the app ran, they cost every request eight validated calls and put Node.js on
 * its slow path for the app's own headers (decision 0047). A header the app sets itself wins,
 * whether it passes it to `writeHead` or set it earlier with `setHeader`.
 */
export function framedResponse(responseHeaders: HeaderList) {
  const frameHeaders = responseHeaders.map(([name, value]) => [name, name.toLowerCase(), value] as const);
  // Generic as ServerResponse is, so the server it makes is a plain `Server` to everyone else.
  return class FramedResponse<Request extends IncomingMessage = IncomingMessage> extends ServerResponse<Request> {
    /** This request's id, for its `X-Request-Id`; the frame sets it before the app runs. */
    requestId = "";

    override writeHead(statusCode: number, reasonOrHeaders?: unknown, maybeHeaders?: unknown): this {
      const reason = typeof reasonOrHeaders === "string" ? reasonOrHeaders : undefined;
      const given = reason === undefined ? reasonOrHeaders : maybeHeaders;
      if (Array.isArray(given)) {
        // Headers as a flat list (no caller of ours does this): Node.js sets each pair after these.
        for (const [name, , value] of frameHeaders) if (!this.hasHeader(name)) this.setHeader(name, value);
        if (this.requestId && !this.hasHeader("x-request-id")) this.setHeader("X-Request-Id", this.requestId);
        return reason === undefined ? super.writeHead(statusCode, given) : super.writeHead(statusCode, reason, given);
      }
      const own = (given ?? {}) as OutgoingHttpHeaders;
      const ownNames = Object.keys(own).map((name) => name.toLowerCase());
      const headers: OutgoingHttpHeaders = {};
      for (const [name, lower, value] of frameHeaders) {
        if (!ownNames.includes(lower) && !this.hasHeader(lower)) headers[name] = value;
      }
      if (this.requestId && !ownNames.includes("x-request-id") && !this.hasHeader("x-request-id")) headers["X-Request-Id"] = this.requestId;
      Object.assign(headers, own);
      return reason === undefined ? super.writeHead(statusCode, headers) : super.writeHead(statusCode, reason, headers);
    }
  };
}

type FramedResponse = InstanceType<ReturnType<typeof framedResponse>>;

/**
 * Wraps the app's Node.js request listener with what every request needs, before Hono sees it, so
 * no request pays a middleware layer for it (each layer costs its own promises and async-hook
 * calls; decisions 0040 and 0041):
 * - its id: `X-Request-Id` (first 64 characters) or a new UUID, echoed on the response and carried
 *   to the audit entries the request writes (`server/http/request-context.ts`);
 * - one log line when the response is written: reqId, method, path, status, duration; 5xx at `error`.
 */
function requestFrame(logger: Logger): (listener: RequestListener) => (incoming: IncomingMessage, outgoing: FramedResponse) => Promise<unknown> {
  // The line's fields are fixed and hold nothing secret (the path is redacted above, the query and
  // headers never logged), so it skips the root logger's redaction: a third of a small request's
  // CPU went to matching its wildcard paths (decision 0029).
  const requests = logger.child({}, { redact: [] });
  return (listener) => (incoming, outgoing) => {
    const started = performance.now();
    const given = incoming.headers["x-request-id"];
    const id = (typeof given === "string" && given.slice(0, 64)) || randomUUID();
    outgoing.requestId = id;
    const logLine = () => {
      const status = outgoing.statusCode;
      const entry = { reqId: id, method: incoming.method, path: loggablePath(incoming.url ?? "/"), status, ms: Math.round(performance.now() - started) };
      if (status >= 500) requests.error(entry, "request failed");
      else requests.info(entry, "request");
    };
    // The listener answers every error itself; a rejection is logged the same way all the same.
    return runWithRequestId(id, () => listener(incoming, outgoing)).then(logLine, logLine);
  };
}

/**
 * A Node.js HTTP server answering with `listener` inside the request frame: every response carries
 * `responseHeaders` (refusals and errors included) and the request's id, and every request is logged.
 */
export function createFramedServer(logger: Logger, responseHeaders: HeaderList, listener: RequestListener): Server {
  return createServer({ ServerResponse: framedResponse(responseHeaders) }, requestFrame(logger)(listener));
}
