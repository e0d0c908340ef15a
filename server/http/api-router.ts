import { Hono, type Context, type MiddlewareHandler } from "hono";
import type * as z from "zod/mini";
import type { Auth } from "../auth.js";
import type { DatabaseHandle, DbExecutor } from "../db/client.js";
import { runMoneyOperation, respond, type OperationResult } from "./idempotency.js";
import { readJson, readParams, readQuery } from "./json-body.js";
import type { UploadRoutes } from "./request-guards.js";
import { secondFactorOf } from "./second-factor.js";
import { requireAdmin, requireUser, requireVerifiedEmail, requireVerifiedIdentityOf, type AppEnv } from "./session.js";
import { fileTooLarge, MULTIPART_OVERHEAD_BYTES, readUpload, type Upload, type UploadedFile } from "./upload-body.js";

type Schema = z.ZodMiniType;
/** What a schema gives a handler once it has parsed the input; nothing without a schema. */
type Parsed<S> = S extends Schema ? z.output<S> : undefined;

/**
 * What one route takes and answers, declared where the route is registered. The declaration does
 * the work: `auth` installs the guard, `verifiedEmail`, `verifiedIdentity` and `secondFactor` the money rules, `body`
 * and `query` are parsed once and handed to the handler typed, `idempotent` runs the handler
 * inside the one money function (server/http/idempotency.ts), and the OpenAPI document
 * (server/http/openapi.ts) is generated from the same declarations, so none of them can drift.
 * Schemas come from shared/schemas/, which the web client's types use too.
 */
export interface Operation<
  P extends string = string,
  B extends Schema | undefined = Schema | undefined,
  Q extends Schema | undefined = Schema | undefined,
  R extends Schema | undefined = Schema | undefined,
> {
  method: "get" | "post" | "put" | "patch" | "delete";
  /** Relative to the router's mount path, in Hono's syntax ("/:id/cancel"). */
  path: P;
  summary: string;
  /** Who may call it: anyone, a signed-in user, or an admin whose session passed the second factor. */
  auth: "none" | "user" | "admin";
  /** Moves money: only for an address its owner has shown they read (else 403 EMAIL_NOT_VERIFIED). */
  verifiedEmail?: boolean;
  /** Money leaves the account: only from a verified identity (else 403 VERIFICATION_REQUIRED, before any other money rule). */
  verifiedIdentity?: boolean;
  /** Money leaves the account: with two-factor on, the body's `twoFactorCode` is checked and spent. */
  secondFactor?: boolean;
  body?: B;
  /**
   * Takes one file as multipart/form-data instead of a JSON body (the identity files): the field
   * and the file's limit. The request gate lets exactly this route take multipart, under its own
   * body limit (`uploadRoutes`); the handler gets the bytes as `file`.
   */
  upload?: Upload;
  query?: Q;
  /** The path's parameters (`:month`), checked like a query: a value that does not parse is a 400 naming it. */
  params?: R;
  /** The success body; without it the document says only that the call succeeded (a CSV, say). */
  response?: Schema;
  /** A success that is a file rather than JSON (a PDF): its media type, or the types it may be, for the document. */
  file?: { contentType: string | readonly string[]; description: string };
  /** 201 when it creates something; 200 otherwise. */
  status?: 200 | 201;
  /** What it answers with 202 when the change needs a second admin's approval first (four eyes). */
  pending?: Schema;
  /** Moves money: runs in one transaction that honours Idempotency-Key. */
  idempotent?: boolean;
  /** A check of the route's own, after the session guards and before the body is read (a limit that counts every try). */
  guard?: MiddlewareHandler<AppEnv>;
}

export interface MountedOperation extends Operation {
  /** The full path, as a client calls it ("/api/payouts/:id/cancel"). */
  fullPath: string;
}

/** What a handler gets besides the context: the parsed body, query and path parameters, an upload's file. */
export interface Input<B extends Schema | undefined, Q extends Schema | undefined, R extends Schema | undefined = undefined, U extends Upload | undefined = undefined> {
  body: Parsed<B>;
  query: Parsed<Q>;
  params: Parsed<R>;
  file: U extends Upload ? UploadedFile : undefined;
}

type RouteContext<P extends string> = Context<AppEnv, P>;
type Handler<P extends string, B extends Schema | undefined, Q extends Schema | undefined, R extends Schema | undefined, U extends Upload | undefined = undefined> = (
  c: RouteContext<P>,
  input: Input<B, Q, R, U>,
) => Response | Promise<Response>;

/** A money operation's answer; `committed` runs after the transaction committed, never on a replay. */
export interface MoneyResult extends OperationResult {
  committed?: () => Promise<unknown>;
}
/**
 * A money route's handler: whatever it does before the transaction (a lookup whose misses must be
 * counted even when the movement is refused), then the movement to run inside it.
 */
type MoneyHandler<P extends string, B extends Schema | undefined, Q extends Schema | undefined, R extends Schema | undefined> = (
  c: RouteContext<P>,
  input: Input<B, Q, R>,
) => Movement | Promise<Movement>;
type Movement = (tx: DbExecutor) => Promise<MoneyResult>;

/** What the router needs to enforce declarations: the session guards, the money function, the tests' response check. */
export interface RouterDeps {
  auth: Auth;
  database: DatabaseHandle;
  config: { publicUrl: string; env: string };
}

/** A Hono router that registers only declared operations, mounted at one path. */
export class ApiRouter {
  readonly hono = new Hono<AppEnv>();
  readonly operations: MountedOperation[] = [];
  readonly #secondFactor;

  constructor(
    readonly mountPath: string,
    private readonly deps: RouterDeps,
  ) {
    this.#secondFactor = secondFactorOf(deps.auth, deps.config.publicUrl);
  }

  on<P extends string, B extends Schema | undefined = undefined, Q extends Schema | undefined = undefined, R extends Schema | undefined = undefined>(
    operation: Operation<P, B, Q, R> & { idempotent: true; upload?: undefined },
    handler: MoneyHandler<P, B, Q, R>,
  ): this;
  on<
    P extends string,
    B extends Schema | undefined = undefined,
    Q extends Schema | undefined = undefined,
    R extends Schema | undefined = undefined,
    U extends Upload | undefined = undefined,
  >(operation: Operation<P, B, Q, R> & { idempotent?: false; upload?: U }, handler: Handler<P, B, Q, R, U>): this;
  on<P extends string, B extends Schema | undefined, Q extends Schema | undefined, R extends Schema | undefined>(
    operation: Operation<P, B, Q, R>,
    handler: Handler<P, B, Q, R, Upload | undefined> | MoneyHandler<P, B, Q, R>,
  ): this {
    const fullPath = `${this.mountPath}${operation.path === "/" ? "" : operation.path}`;
    if (operation.upload && (operation.body || operation.idempotent || fullPath.includes(":"))) {
      throw new Error(`${fullPath}: an upload takes no JSON body, moves no money and has no path parameters (the request gate matches its exact path)`);
    }
    this.operations.push({ ...(operation as Operation), fullPath });
    const guards: MiddlewareHandler<AppEnv>[] = [];
    if (operation.auth !== "none") guards.push(requireUser(this.deps.auth, this.deps.database.db));
    if (operation.auth === "admin") guards.push(requireAdmin());
    if (operation.verifiedEmail) guards.push(requireVerifiedEmail());
    if (operation.verifiedIdentity) guards.push(requireVerifiedIdentityOf(this.deps.database.db));
    if (operation.guard) guards.push(operation.guard);
    const route = async (c: RouteContext<P>) => {
      const { raw, value: body } = operation.body ? await readJson(c, operation.body) : { raw: "", value: undefined };
      const query = operation.query ? readQuery(c, operation.query) : undefined;
      const params = operation.params ? readParams(c, operation.params) : undefined;
      const file = operation.upload ? await readUpload(c, operation.upload) : undefined;
      const input = { body, query, params, file } as Input<B, Q, R>;
      if (!operation.idempotent) return (handler as Handler<P, B, Q, R, Upload | undefined>)(c, input);
      const user = c.get("user");
      const code = (body as { twoFactorCode?: string } | undefined)?.twoFactorCode;
      const movement = await (handler as MoneyHandler<P, B, Q, R>)(c, input);
      let committed: MoneyResult["committed"];
      const outcome = await runMoneyOperation(
        c,
        this.deps.database.db,
        user.id,
        raw,
        async (tx) => {
          const result = await movement(tx);
          committed = result.committed;
          return { status: result.status, body: result.body };
        },
        operation.secondFactor ? await this.#secondFactor(user, code) : undefined,
      );
      if (!outcome.replayed) await committed?.();
      return respond(c, outcome);
    };
    const answer = this.deps.config.env === "test" ? checkedAgainst(operation, route) : route;
    (this.hono.on as (method: string, path: string, ...handlers: unknown[]) => unknown)(operation.method.toUpperCase(), operation.path, ...guards, answer);
    return this;
  }
}

/**
 * The routes that take a file, for the request gate's one exception (request-guards.ts): each by
 * its method and exact path, its body held to the file's limit and the multipart parts around it.
 */
export function uploadRoutes(operations: readonly MountedOperation[]): UploadRoutes {
  return new Map(
    operations.flatMap(({ method, fullPath, upload }) =>
      upload ? [[`${method.toUpperCase()} ${fullPath}`, { maxBodyBytes: upload.maxBytes + MULTIPART_OVERHEAD_BYTES, tooLarge: fileTooLarge(upload.maxBytes) }] as const] : [],
    ),
  );
}

/**
 * Under NODE_ENV=test only: every JSON answer of a route is checked against its declared response
 * (or, for a 202, its pending one), and a file against its declared media type, so a handler that
 * drifts from its contract fails the test that called it with a 500 naming the route, not a client
 * that trusted the document.
 */
function checkedAgainst<P extends string>(operation: Operation<P, Schema | undefined, Schema | undefined, Schema | undefined>, route: (c: RouteContext<P>) => Promise<Response>) {
  return async (c: RouteContext<P>) => {
    const response = await route(c);
    const types = operation.file ? [operation.file.contentType].flat() : [];
    if (operation.file && response.status < 300 && !types.some((type) => response.headers.get("content-type")?.startsWith(type))) {
      throw new Error(`${operation.method.toUpperCase()} ${operation.path} answered ${response.headers.get("content-type")}, not the ${types.join(" or ")} it declares`);
    }
    const schema = response.status === 202 ? operation.pending : operation.response;
    if (!schema || response.status >= 300 || !response.headers.get("content-type")?.includes("application/json")) return response;
    const checked = schema.safeParse(await response.clone().json());
    if (!checked.success) {
      throw new Error(`${operation.method.toUpperCase()} ${operation.path} answered outside its declared response: ${JSON.stringify(checked.error.issues.slice(0, 3))}`);
    }
    return response;
  };
}
