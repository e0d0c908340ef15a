import * as z from "zod/mini";
import type { MountedOperation } from "./api-router.js";

const jsonSchema = (schema: z.ZodMiniType, io: "input" | "output" = "input") => {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { unrepresentable: "any", io }) as Record<string, unknown>;
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

/** The one file an upload route takes, as multipart/form-data (its type is read from the bytes). */
const uploadBody = (upload: NonNullable<MountedOperation["upload"]>) => ({
  required: true,
  content: {
    "multipart/form-data": {
      schema: {
        type: "object",
        properties: { [upload.field]: { type: "string", format: "binary", description: `One file, at most ${upload.maxBytes} bytes.` } },
        required: [upload.field],
      },
    },
  },
});

/**
 * OpenAPI 3.1 for our own routes, generated from the operations the routers declare and mount
 * (server/http/api-router.ts): request and response shapes from the shared zod schemas. The back
 * office's operations are listed only in the admins' copy: the public one does not map it.
 */
export function openApiDocument(publicUrl: string, operations: readonly MountedOperation[], audience: "public" | "admin" = "public") {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of operations) {
    if (op.auth === "admin" && audience !== "admin") continue;
    const path = op.fullPath.replace(/:(\w+)/g, "{$1}");
    const parameters: unknown[] = [];
    const declaredParams = op.params ? ((jsonSchema(op.params) as { properties?: Record<string, unknown> }).properties ?? {}) : {};
    for (const name of path.match(/\{(\w+)\}/g) ?? []) {
      const key = name.slice(1, -1);
      parameters.push({ name: key, in: "path", required: true, schema: declaredParams[key] ?? { type: "string" } });
    }
    if (op.query) {
      const schema = jsonSchema(op.query) as { properties?: Record<string, unknown>; required?: string[] };
      for (const [name, property] of Object.entries(schema.properties ?? {})) {
        parameters.push({ name, in: "query", required: schema.required?.includes(name) ?? false, schema: property });
      }
    }
    if (op.idempotent) {
      parameters.push({ name: "Idempotency-Key", in: "header", required: false, description: "Same key and body return the first response; the same key with another body is a 409.", schema: { type: "string", pattern: "^[A-Za-z0-9_-]{8,128}$" } });
    }
    paths[path] ??= {};
    paths[path]![op.method] = {
      summary: op.summary,
      ...(op.auth === "none" ? { security: [] } : {}),
      ...(op.auth === "admin" ? { description: "Admins only (403 otherwise)." } : {}),
      ...(parameters.length ? { parameters } : {}),
      ...(op.body ? { requestBody: { required: true, content: { "application/json": { schema: jsonSchema(op.body) } } } } : {}),
      ...(op.upload ? { requestBody: uploadBody(op.upload) } : {}),
      responses: {
        [String(op.status ?? 200)]: {
          description: "Success (amounts are integer cents)",
          ...(op.response ? { content: { "application/json": { schema: jsonSchema(op.response, "output") } } } : {}),
          ...(op.file ? { description: op.file.description, content: Object.fromEntries([op.file.contentType].flat().map((type) => [type, { schema: { type: "string", format: "binary" } }])) } : {}),
        },
        ...(op.pending
          ? { "202": { description: "Waiting for a second admin's approval; nothing changed yet", content: { "application/json": { schema: jsonSchema(op.pending, "output") } } } }
          : {}),
        "400": ERROR,
        ...(op.auth !== "none" ? { "401": ERROR } : {}),
        ...(op.auth === "admin" ? { "403": ERROR } : {}),
        ...(path.includes("{") ? { "404": ERROR } : {}),
        ...(op.idempotent ? { "409": ERROR } : {}),
        ...(op.upload ? { "413": ERROR, "415": ERROR } : {}),
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
