/** Every call the browser makes goes through here: same-origin JSON, errors as ApiError. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
    /** Whose words `message` is: our API's (`{ error: {…} }`) or better-auth's (top level). */
    readonly shape: "app" | "auth" = "app",
    /** From Retry-After (ours) or X-Retry-After (better-auth's limiter), when the server said. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

interface ErrorShape {
  error?: { code?: string; message?: string; fields?: Record<string, string> };
  code?: string;
  message?: string;
  /** Our better-auth hooks name the input a refusal is about (server/auth/hooks.ts). */
  fields?: Record<string, string>;
}

async function toApiError(response: Response): Promise<ApiError> {
  const body = (await response.json().catch(() => ({}))) as ErrorShape;
  // Our API nests errors under `error`; better-auth puts code and message at the top level.
  const code = body.error?.code ?? body.code ?? (response.status === 429 ? "RATE_LIMITED" : `HTTP_${response.status}`);
  const message = body.error?.message ?? body.message ?? response.statusText;
  const retryAfter = Number(response.headers.get("retry-after") ?? response.headers.get("x-retry-after") ?? Number.NaN);
  return new ApiError(response.status, code, message, body.error?.fields ?? body.fields, body.error ? "app" : "auth", Number.isFinite(retryAfter) ? retryAfter : undefined);
}

export interface ApiRequestInit {
  method?: string;
  body?: unknown;
  /** Extra headers, e.g. `Idempotency-Key` on a POST that moves money. */
  headers?: Record<string, string>;
}

export async function apiRequest<T>(path: string, init: ApiRequestInit = {}): Promise<T> {
  let response: Response;
  const method = init.method ?? (init.body === undefined ? "GET" : "POST");
  const reads = method === "GET" || method === "HEAD";
  // The server takes state-changing requests as JSON only (415 otherwise), so every one carries a
  // JSON body, `{}` when the call has nothing to say. The one exception is a file upload (identity
  // documents): FormData, whose multipart boundary the browser writes into the Content-Type itself.
  const upload = init.body instanceof FormData;
  const body = reads ? undefined : upload ? (init.body as FormData) : JSON.stringify(init.body ?? {});
  const base: Record<string, string> = reads || upload ? { Accept: "application/json" } : { "Content-Type": "application/json", Accept: "application/json" };
  try {
    response = await fetch(path, { method, credentials: "same-origin", headers: { ...init.headers, ...base }, body });
  } catch {
    throw new ApiError(0, "NETWORK", "Could not reach the server. Check your connection and try again.");
  }
  if (!response.ok) throw await toApiError(response);
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}
