import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, apiRequest } from "./api.js";

function fakeFetch(status = 200, body: unknown = {}) {
  const calls: Array<{ url: string; init: RequestInit }> = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
    }),
  );
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

describe("apiRequest", () => {
  it("sends a GET with neither body nor content type", async () => {
    const calls = fakeFetch();
    await apiRequest("/api/site");
    expect(calls[0]?.init.method).toBe("GET");
    expect(calls[0]?.init.body).toBeUndefined();
    expect((calls[0]?.init.headers as Record<string, string>)["Content-Type"]).toBeUndefined();
  });

  it("sends every other method as JSON, with {} when the call has no body", async () => {
    const calls = fakeFetch();
    await apiRequest("/api/notifications/read", { method: "POST" });
    await apiRequest("/api/things/1", { method: "DELETE" });
    for (const call of calls) {
      expect(call.init.body).toBe("{}");
      expect((call.init.headers as Record<string, string>)["Content-Type"]).toBe("application/json");
    }
  });

  it("keeps the caller's headers but not a content type of its own", async () => {
    const calls = fakeFetch();
    await apiRequest("/api/payouts", { body: { a: 1 }, headers: { "Idempotency-Key": "k", "Content-Type": "text/plain" } });
    const headers = calls[0]?.init.headers as Record<string, string>;
    expect(headers["Idempotency-Key"]).toBe("k");
    expect(headers["Content-Type"]).toBe("application/json");
    expect(calls[0]?.init.body).toBe('{"a":1}');
  });

  it("reads both error shapes", async () => {
    fakeFetch(403, { error: { code: "EMAIL_NOT_VERIFIED", message: "Verify" } });
    await expect(apiRequest("/api/transfers", { body: {} })).rejects.toMatchObject({ status: 403, code: "EMAIL_NOT_VERIFIED", message: "Verify" });
    fakeFetch(401, { code: "INVALID_CODE", message: "Invalid code" });
    const error = await apiRequest("/api/auth/two-factor/verify-totp", { body: {} }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe("INVALID_CODE");
  });
});
