import { createHash } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { Context } from "hono";
import { IDEMPOTENCY_HEADER, idempotencyKeyField } from "#shared/schemas/money.js";
import type { SecretConfig } from "better-auth/crypto";
import type { Database, DbExecutor } from "../db/client.js";
import { idempotencyRecord } from "../db/schema.js";
import { AppError } from "../errors.js";
import { claimSecondFactorCode, screenSecondFactorCode } from "../services/two-factor/second-factor-code.js";

export interface OperationResult {
  /** 202: recorded for a second admin's approval, nothing else changed. */
  status: 200 | 201 | 202;
  body: unknown;
}

/** The (user, Idempotency-Key) a request claims, and what identifies its body. */
export interface IdempotencyClaim {
  userId: string;
  key: string;
  fingerprint: string;
}

type Outcome = { result: OperationResult; replayed: boolean };

/** The request's claim, or none when it carries no Idempotency-Key; a malformed key is a 400. */
function claimOf(c: Context, userId: string, raw: string): IdempotencyClaim | undefined {
  const header = c.req.header(IDEMPOTENCY_HEADER);
  if (header === undefined) return undefined;
  const key = idempotencyKeyField.safeParse(header);
  if (!key.success) throw new AppError("VALIDATION_FAILED", key.error.issues[0]?.message ?? "Invalid Idempotency-Key.");
  const fingerprint = createHash("sha256").update(`${c.req.method} ${c.req.path}\n${withoutSecondFactor(raw)}`).digest("hex");
  return { userId, key: key.data, fingerprint };
}

/**
 * What a request asks for, without the second factor's code: the code proves who asks, it is not
 * part of the movement, so a retry of the same movement with the next code (the first answer was
 * lost) is the same request and gets the first answer, not a 409.
 */
function withoutSecondFactor(raw: string): string {
  if (!raw.includes('"twoFactorCode"')) return raw;
  try {
    const { twoFactorCode: _code, ...rest } = JSON.parse(raw) as Record<string, unknown>;
    return JSON.stringify(rest);
  } catch {
    return raw;
  }
}

/** The key was claimed first by another request (committed by now): its response, or a 409 for another body. */
async function replayOf(tx: DbExecutor, claim: IdempotencyClaim): Promise<Outcome> {
  const [first] = await tx
    .select()
    .from(idempotencyRecord)
    .where(and(eq(idempotencyRecord.userId, claim.userId), eq(idempotencyRecord.key, claim.key)));
  if (!first || first.fingerprint !== claim.fingerprint) {
    throw new AppError("IDEMPOTENCY_KEY_REUSED", "This Idempotency-Key was already used for a different request.");
  }
  return { result: { status: first.status as OperationResult["status"], body: first.body }, replayed: true };
}

/** A movement's second factor (server/http/second-factor.ts): the caller's code, checked before it and spent in it. */
export interface SecondFactorCheck {
  userId: string;
  code: string | undefined;
  key: SecretConfig | string;
  publicUrl: string;
}

/** A request whose key was claimed and committed before: its answer (or a 409 for another body), read before anything else is done. */
async function earlierAnswer(db: Database, claim: IdempotencyClaim): Promise<Outcome | undefined> {
  const [first] = await db
    .select({ fingerprint: idempotencyRecord.fingerprint })
    .from(idempotencyRecord)
    .where(and(eq(idempotencyRecord.userId, claim.userId), eq(idempotencyRecord.key, claim.key)));
  return first ? replayOf(db, claim) : undefined;
}

/**
 * Runs a money-moving operation in one transaction. With an Idempotency-Key, the key is claimed
 * in that same transaction: a concurrent retry waits on the key until the first commits, then
 * gets the first response; the same key with another body is a 409. A failed operation rolls its
 * claim back, so fixing the input and retrying with the same key works.
 *
 * With `secondFactor` (money leaving an account with two-factor on): a retry of a movement that
 * was made is answered first, whatever code it carries; otherwise the code is screened in its own
 * transaction (server/services/two-factor/second-factor-code.ts: locked accounts refused, wrong
 * codes counted) and spent in the movement's, before the operation.
 */
export async function runMoneyOperation(
  c: Context,
  db: Database,
  userId: string,
  raw: string,
  operation: (tx: DbExecutor) => Promise<OperationResult>,
  secondFactor?: SecondFactorCheck,
): Promise<Outcome> {
  const claim = claimOf(c, userId, raw);
  if (claim && secondFactor) {
    const earlier = await earlierAnswer(db, claim);
    if (earlier) return earlier;
  }
  const code = secondFactor?.code;
  if (secondFactor) {
    const { key, publicUrl } = secondFactor;
    await screenSecondFactorCode(db, { key, userId: secondFactor.userId, code, kind: "either", use: "money out", publicUrl, now: new Date() });
  }
  // The authenticator app counts real time, never the test clock.
  const spendCode = (tx: DbExecutor) => (secondFactor && code ? claimSecondFactorCode(tx, secondFactor.key, secondFactor.userId, code, "either", new Date()) : undefined);
  if (!claim) {
    const result = await db.transaction(async (tx) => {
      await spendCode(tx);
      return operation(tx);
    });
    return { result: { status: result.status, body: result.body }, replayed: false };
  }
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(idempotencyRecord)
      .values({ ...claim, status: 0, body: {} })
      .onConflictDoNothing()
      .returning({ key: idempotencyRecord.key });
    if (claimed.length === 0) return replayOf(tx, claim);
    await spendCode(tx);
    const result = await operation(tx);
    await tx
      .update(idempotencyRecord)
      .set({ status: result.status, body: result.body as object })
      .where(and(eq(idempotencyRecord.userId, userId), eq(idempotencyRecord.key, claim.key)));
    return { result: { status: result.status, body: result.body }, replayed: false };
  });
}

/** Sends the operation's response, marking replays so clients and logs can tell. */
export function respond(c: Context, outcome: { result: OperationResult; replayed: boolean }) {
  if (outcome.replayed) c.header("Idempotent-Replayed", "true");
  return c.json(outcome.result.body as object, outcome.result.status);
}
