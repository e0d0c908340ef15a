import { Hono, type Handler, type MiddlewareHandler } from "hono";
import type * as z from "zod/mini";
import type { AppEnv } from "./session.js";

/**
 * What one route takes and answers, declared where the route is registered: the router mounts it
 * and the OpenAPI document (server/http/openapi.ts) is generated from the same declaration, so the
 * two cannot drift. Schemas come from shared/schemas/, which the web client's types use too.
 */
export interface Operation {
  method: "get" | "post" | "put";
  /** Relative to the router's mount path, in Hono's syntax ("/:id/cancel"). */
  path: string;
  summary: string;
  /** Who may call it: anyone, a signed-in user, or an admin with a second factor. */
  auth: "none" | "user" | "admin";
  body?: z.ZodMiniType;
  query?: z.ZodMiniType;
  /** The success body; without it the document says only that the call succeeded (a CSV, say). */
  response?: z.ZodMiniType;
  /** 201 when it creates something; 200 otherwise. */
  status?: 200 | 201;
  /** What it answers with 202 when the change needs a second admin's approval first (four eyes). */
  pending?: z.ZodMiniType;
  /** Moves money: honours Idempotency-Key. */
  idempotent?: boolean;
}

export interface MountedOperation extends Operation {
  /** The full path, as a client calls it ("/api/payouts/:id/cancel"). */
  fullPath: string;
}

/** Middleware, then the handler, typed with the operation's path so `c.req.param("id")` is a string. */
type Handlers<P extends string> = [...MiddlewareHandler<AppEnv>[], Handler<AppEnv, NoInfer<P>>];

/** A Hono router that registers only declared operations, mounted at one path. */
export class ApiRouter {
  readonly hono = new Hono<AppEnv>();
  readonly operations: MountedOperation[] = [];

  constructor(readonly mountPath: string) {}

  /**
   * Middleware for every route of this router (the session and role checks, say). Hono applies it to
   * every path under the mount path, other routers' too, so a router mounted at /api itself must
   * guard each route instead.
   */
  use(...handlers: MiddlewareHandler<AppEnv>[]): this {
    if (this.mountPath === "/api") throw new Error("A router mounted at /api would guard every other router's routes; guard its routes one by one.");
    this.hono.use("*", ...handlers);
    return this;
  }

  on<P extends string>(operation: Operation & { path: P }, ...handlers: Handlers<P>): this {
    const fullPath = `${this.mountPath}${operation.path === "/" ? "" : operation.path}`;
    this.operations.push({ ...operation, fullPath });
    (this.hono.on as (method: string, path: string, ...h: Handlers<P>) => unknown)(operation.method.toUpperCase(), operation.path, ...handlers);
    return this;
  }
}
