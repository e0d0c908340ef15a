/**
 * One GET to an outside source of bitcoin facts (an exchange's public price, an Esplora-compatible
 * chain API), with the limits every such request needs: a deadline for the whole exchange (headers
 * and body), a cap on the body's size, and a refusal for anything but a 2xx answer. Whatever goes
 * wrong becomes a `SourceError` whose `reason` is a short phrase for logs and the operator, never
 * the body itself (a misbehaving source could send anything).
 */

export class SourceError extends Error {
  constructor(
    /** The configured base URL of the source. */
    readonly source: string,
    /** What went wrong, e.g. "did not answer within 5 s", "answered HTTP 503". */
    readonly reason: string,
  ) {
    super(`${source} ${reason}`);
    this.name = "SourceError";
  }
}

export interface SourceAnswer {
  text: string;
  /**
   * How old the answer already was when it arrived, in seconds: the `Age` header a cache in front
   * of the source adds to an answer it kept (RFC 9111, section 5.1); 0 without one.
   */
  ageSeconds: number;
}

export interface SourceRequestOptions {
  /** The whole exchange, body included, must end within this. */
  timeoutMs: number;
  maxBytes: number;
  accept: string;
  /** Cancels the request early (a caller's own deadline shared by several requests). */
  signal?: AbortSignal;
}

/** GET `url` (under `source`, the configured base URL) and return its body as text. */
export async function getFromSource(source: string, url: string, options: SourceRequestOptions): Promise<SourceAnswer> {
  const timeout = AbortSignal.timeout(options.timeoutMs);
  const signal = options.signal ? AbortSignal.any([timeout, options.signal]) : timeout;
  const seconds = `${Math.round(options.timeoutMs / 100) / 10} s`;
  try {
    const response = await fetch(url, { headers: { accept: options.accept }, signal, redirect: "follow" });
    if (!response.ok) {
      await response.body?.cancel().catch(() => undefined);
      throw new SourceError(source, `answered HTTP ${response.status}`);
    }
    const text = await readCapped(source, response, options.maxBytes);
    const age = response.headers.get("age")?.trim();
    return { text, ageSeconds: age && /^\d{1,9}$/.test(age) ? Number(age) : 0 };
  } catch (error) {
    if (error instanceof SourceError) throw error;
    if (timeout.aborted) throw new SourceError(source, `did not answer within ${seconds}`);
    if (signal.aborted) throw new SourceError(source, "was not waited for (the read was cancelled)");
    throw new SourceError(source, `could not be reached (${describeNetworkError(error)})`);
  }
}

async function readCapped(source: string, response: Response, maxBytes: number): Promise<string> {
  const declared = Number(response.headers.get("content-length") ?? "0");
  if (declared > maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    throw new SourceError(source, `answered more than ${maxBytes} bytes`);
  }
  if (!response.body) return "";
  const chunks: Uint8Array[] = [];
  let total = 0;
  for await (const chunk of response.body) {
    total += chunk.byteLength;
    if (total > maxBytes) throw new SourceError(source, `answered more than ${maxBytes} bytes`);
    chunks.push(chunk);
  }
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(Buffer.concat(chunks));
  } catch {
    throw new SourceError(source, "answered bytes that are not UTF-8 text");
  }
}

function describeNetworkError(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown; message?: unknown } } | undefined)?.cause;
  if (typeof cause?.code === "string") return cause.code;
  if (typeof cause?.message === "string") return cause.message.slice(0, 120);
  return error instanceof Error ? error.message.slice(0, 120) : "unknown error";
}

/** Parses JSON text, or says that the source answered something else. */
export function parseJson(source: string, text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new SourceError(source, "answered something that is not JSON");
  }
}

/** A zod failure as a short reason: where in the answer, and what was wrong there. */
export function shapeReason(issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>): string {
  const first = issues[0];
  if (!first) return "answered JSON of an unexpected shape";
  const where = first.path.length ? first.path.map(String).join(".") : "the answer";
  return `answered JSON of an unexpected shape (${where}: ${first.message})`;
}
