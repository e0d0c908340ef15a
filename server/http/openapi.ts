import * as z from "zod/mini";
import { userSearchQuery } from "#shared/schemas/admin.js";
import { contactMessageSchema } from "#shared/schemas/contact.js";
import { confirmDepositSchema, createDepositSchema, rejectDepositSchema } from "#shared/schemas/deposits.js";
import { createInvestmentSchema, planInputSchema } from "#shared/schemas/investments.js";
import { historyQuerySchema } from "#shared/schemas/ledger.js";
import { createMoneyRequestSchema, createPayoutSchema, createTransferSchema, markPayoutPaidSchema, rejectPayoutSchema } from "#shared/schemas/payouts.js";

interface Operation {
  method: "get" | "post" | "put";
  path: string;
  summary: string;
  auth: "none" | "user" | "admin";
  body?: z.ZodMiniType;
  query?: z.ZodMiniType;
  /** Moves money: accepts Idempotency-Key. */
  idempotent?: boolean;
  created?: boolean;
}

const OPERATIONS: Operation[] = [
  { method: "get", path: "/api/site", summary: "The operator's public settings", auth: "none" },
  { method: "get", path: "/api/plans", summary: "Active investment plans", auth: "none" },
  { method: "get", path: "/api/public/stats", summary: "Live counts shown on the marketing pages", auth: "none" },
  { method: "get", path: "/api/public/recent-deposits", summary: "The latest (at most 10) confirmed deposits, masked", auth: "none" },
  { method: "post", path: "/api/contact", summary: "Store a contact message for the operator", auth: "none", body: contactMessageSchema, created: true },
  { method: "get", path: "/api/content", summary: "A blog or legal page by path", auth: "none", query: z.object({ path: z.string() }) },
  { method: "get", path: "/api/me/summary", summary: "The six dashboard figures, in cents", auth: "user" },
  { method: "get", path: "/api/me/referral", summary: "The caller's referral code and link", auth: "user" },
  { method: "get", path: "/api/transactions", summary: "The caller's history, newest first (format=csv for a file)", auth: "user", query: historyQuerySchema },
  { method: "get", path: "/api/deposits", summary: "The caller's deposits, newest first", auth: "user" },
  { method: "post", path: "/api/deposits", summary: "Report a crypto or bank transfer: creates a pending deposit", auth: "user", body: createDepositSchema, idempotent: true, created: true },
  { method: "get", path: "/api/deposits/options", summary: "Deposit limits and bank details", auth: "user" },
  { method: "get", path: "/api/deposits/crypto-address", summary: "The bitcoin address to pay", auth: "user" },
  { method: "get", path: "/api/investments", summary: "The caller's investments with days left and profit so far", auth: "user" },
  { method: "post", path: "/api/investments", summary: "Invest in a plan from the available balance", auth: "user", body: createInvestmentSchema, idempotent: true, created: true },
  { method: "get", path: "/api/payouts", summary: "The caller's payouts", auth: "user" },
  { method: "post", path: "/api/payouts", summary: "Request a payout to a bitcoin address; the amount is held at once", auth: "user", body: createPayoutSchema, idempotent: true, created: true },
  { method: "post", path: "/api/payouts/{id}/cancel", summary: "Cancel the caller's own pending payout (hold → available); 404 for anyone else's", auth: "user", idempotent: true },
  { method: "post", path: "/api/transfers", summary: "Send money to another user by e-mail", auth: "user", body: createTransferSchema, idempotent: true, created: true },
  { method: "get", path: "/api/money-requests", summary: "Requests the caller made or was asked to pay", auth: "user" },
  { method: "post", path: "/api/money-requests", summary: "Ask another user for money", auth: "user", body: createMoneyRequestSchema, idempotent: true, created: true },
  { method: "post", path: "/api/money-requests/{id}/pay", summary: "Pay a request made to the caller (an internal transfer)", auth: "user", idempotent: true },
  { method: "post", path: "/api/money-requests/{id}/decline", summary: "Decline a request made to the caller", auth: "user", idempotent: true },
  { method: "get", path: "/api/notifications", summary: "The caller's notifications and unread count", auth: "user" },
  { method: "post", path: "/api/notifications/{id}/read", summary: "Mark one notification read", auth: "user" },
  { method: "post", path: "/api/notifications/read-all", summary: "Mark every notification read", auth: "user" },
  { method: "get", path: "/api/admin/users", summary: "Accounts by e-mail or name", auth: "admin", query: userSearchQuery },
  { method: "get", path: "/api/admin/deposits", summary: "Deposits to review, oldest first", auth: "admin" },
  { method: "post", path: "/api/admin/deposits/{id}/confirm", summary: "Confirm a deposit and credit it once", auth: "admin", body: confirmDepositSchema, idempotent: true },
  { method: "post", path: "/api/admin/users/{id}/credit-interest", summary: "Pay the interest a user's matured investments are owed now", auth: "admin", idempotent: true },
  { method: "get", path: "/api/admin/payouts", summary: "Payouts waiting to be sent, oldest first", auth: "admin" },
  { method: "post", path: "/api/admin/payouts/{id}/mark-paid", summary: "Record a payout as sent (hold → payouts)", auth: "admin", body: markPayoutPaidSchema, idempotent: true },
  { method: "post", path: "/api/admin/payouts/{id}/reject", summary: "Refuse a payout (hold → available)", auth: "admin", body: rejectPayoutSchema, idempotent: true },
  { method: "get", path: "/api/admin/plans", summary: "Every plan, active or not", auth: "admin" },
  { method: "put", path: "/api/admin/plans/{id}", summary: "Edit a plan (new investments only)", auth: "admin", body: planInputSchema },
  { method: "post", path: "/api/admin/deposits/{id}/reject", summary: "Reject a deposit with a reason", auth: "admin", body: rejectDepositSchema, idempotent: true },
];

const jsonSchema = (schema: z.ZodMiniType) => {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { unrepresentable: "any", io: "input" }) as Record<string, unknown>;
  return rest;
};

const ERROR = {
  description: "An error",
  content: {
    "application/json": {
      schema: {
        type: "object",
        properties: {
          error: {
            type: "object",
            properties: { code: { type: "string" }, message: { type: "string" }, fields: { type: "object", additionalProperties: { type: "string" } } },
            required: ["code", "message"],
          },
        },
        required: ["error"],
      },
    },
  },
};

/**
 * OpenAPI 3.1 for our own routes, with request shapes generated from the shared zod schemas. The
 * back office's operations are listed only in the admins' copy: the public one does not map it.
 * tests/openapi.test.ts compares OPERATIONS with the routes the app mounts.
 */
export function openApiDocument(publicUrl: string, audience: "public" | "admin" = "public") {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of OPERATIONS) {
    if (op.auth === "admin" && audience !== "admin") continue;
    const parameters: unknown[] = [];
    for (const name of op.path.match(/\{(\w+)\}/g) ?? []) parameters.push({ name: name.slice(1, -1), in: "path", required: true, schema: { type: "string" } });
    if (op.query) {
      const schema = jsonSchema(op.query) as { properties?: Record<string, unknown>; required?: string[] };
      for (const [name, property] of Object.entries(schema.properties ?? {})) {
        parameters.push({ name, in: "query", required: schema.required?.includes(name) ?? false, schema: property });
      }
    }
    if (op.idempotent) {
      parameters.push({ name: "Idempotency-Key", in: "header", required: false, description: "Same key and body return the first response; the same key with another body is a 409.", schema: { type: "string", pattern: "^[A-Za-z0-9_-]{8,128}$" } });
    }
    paths[op.path] ??= {};
    paths[op.path]![op.method] = {
      summary: op.summary,
      ...(op.auth === "none" ? { security: [] } : {}),
      ...(op.auth === "admin" ? { description: "Admins only (403 otherwise)." } : {}),
      ...(parameters.length ? { parameters } : {}),
      ...(op.body ? { requestBody: { required: true, content: { "application/json": { schema: jsonSchema(op.body) } } } } : {}),
      responses: {
        [op.created ? "201" : "200"]: { description: "Success (amounts are integer cents)" },
        "400": ERROR,
        ...(op.auth !== "none" ? { "401": ERROR } : {}),
        ...(op.auth === "admin" ? { "403": ERROR } : {}),
        ...(op.path.includes("{") ? { "404": ERROR } : {}),
        ...(op.idempotent ? { "409": ERROR } : {}),
      },
    };
  }
  return {
    openapi: "3.1.0",
    info: { title: "Termvest API", version: "1", description: "JSON over HTTPS. Amounts are integer cents. Errors are { error: { code, message } }. Authentication routes live under /api/auth (better-auth)." },
    servers: [{ url: publicUrl }],
    components: { securitySchemes: { session: { type: "apiKey", in: "cookie", name: "termvest.session_token" } } },
    security: [{ session: [] }],
    paths,
  };
}
