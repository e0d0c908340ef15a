import { createHmac, timingSafeEqual } from "node:crypto";
import type { BetterAuthOptions } from "better-auth";
import type { Auth } from "../auth.js";
import { sql } from "drizzle-orm";
import type { Database } from "../db/client.js";
import { slidExpiry } from "./session-lifetime.js";

/**
 * Who a request's session cookie belongs to, in one statement instead of better-auth's
 * `getSession` (decision 0035: that call was a third of a transfer's server CPU).
 *
 * It answers exactly as better-auth 1.7 does with our options (no cookie cache, no secondary
 * storage): the cookie is better-call's signed cookie, `<token>.<base64 HMAC-SHA256 of the token
 * with the auth secret>`, URL-encoded; no cookie, a bad signature, an unknown token → no session.
 * Whenever better-auth would write (an expired session it deletes, a session due for the refresh
 * that slides its expiry, `updateAge`), the request is handed to better-auth's own `getSession`,
 * so those rules stay better-auth's. Not handed over: a slide that could not move the expiry (a
 * session at its absolute end, where better-auth would write the same end), and an admin's, which
 * extendAdminSession makes (server/auth/session-lifetime.ts). tests/session-lookup.test.ts pins both answers against each
 * other, so an upgrade that changes the cookie or the rules fails there.
 */

export interface LookedUpSession {
  session: { id: string; token: string; userId: string; createdAt: Date; expiresAt: Date; secondFactor: string | null; secondFactorAt: Date | null };
  user: {
    id: string;
    name: string;
    email: string;
    emailVerified: boolean;
    role: string | null;
    twoFactorEnabled: boolean;
    banned: boolean;
    banExpires: Date | null;
  };
  /**
   * The cookies better-auth set when it slid this session's expiry (`updateAge`): the response must
   * carry them, or the browser's cookie would still end at its old time while the session lives on.
   */
  refreshedCookies?: string[];
}

export type SessionLookup = (headers: Headers) => Promise<LookedUpSession | null>;

interface Settings {
  sessionCookie: string;
  dontRememberCookie: string;
  secret: string;
  expiresInMs: number;
  updateAgeMs: number;
}

type Row = {
  id: string;
  token: string;
  user_id: string;
  created_at: Date | string;
  expires_at: Date | string;
  second_factor: string | null;
  second_factor_at: Date | string | null;
  name: string;
  email: string;
  email_verified: boolean;
  role: string | null;
  two_factor_enabled: boolean | null;
  banned: boolean | null;
  ban_expires: Date | string | null;
};

const lookupStatement = (token: string) => sql`select s.id, s.token, s.user_id, s.created_at, s.expires_at, s.second_factor, s.second_factor_at,
  u.name, u.email, u.email_verified, u.role, u.two_factor_enabled, u.banned, u.ban_expires
  from "session" s join "user" u on u.id = s.user_id where s.token = ${token}`;

/** better-call's cookie parsing, for one name: the first occurrence wins, quotes stripped, URL-decoded when it can be. */
export function readCookie(header: string | null, name: string): string | undefined {
  if (!header) return undefined;
  let index = 0;
  while (index < header.length) {
    const eq = header.indexOf("=", index);
    if (eq === -1) return undefined;
    let end = header.indexOf(";", index);
    if (end === -1) end = header.length;
    else if (end < eq) {
      index = header.lastIndexOf(";", eq - 1) + 1;
      continue;
    }
    if (header.slice(index, eq).trim() === name) {
      let value = header.slice(eq + 1, end).trim();
      if (value.codePointAt(0) === 34) value = value.slice(1, -1);
      try {
        return decodeURIComponent(value);
      } catch {
        return value;
      }
    }
    index = end + 1;
  }
  return undefined;
}

/** The signed value when the signature is the secret's, as better-call's getSignedCookie checks it. */
export function verifySignedCookie(value: string | undefined, secret: string): string | undefined {
  if (!value) return undefined;
  const dot = value.lastIndexOf(".");
  if (dot < 1) return undefined;
  const signed = value.slice(0, dot);
  const signature = value.slice(dot + 1);
  // 32 bytes in standard base64: 43 characters and one "=" (better-call refuses any other length).
  if (!/^[A-Za-z0-9+/]{43}=$/.test(signature)) return undefined;
  const expected = createHmac("sha256", secret).update(signed).digest();
  return timingSafeEqual(Buffer.from(signature, "base64"), expected) ? signed : undefined;
}

const toDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));

function fromRow(row: Row): LookedUpSession {
  return {
    session: {
      id: row.id,
      token: row.token,
      userId: row.user_id,
      createdAt: toDate(row.created_at),
      expiresAt: toDate(row.expires_at),
      secondFactor: row.second_factor,
      secondFactorAt: row.second_factor_at === null ? null : toDate(row.second_factor_at),
    },
    user: {
      id: row.user_id,
      name: row.name,
      email: row.email,
      emailVerified: row.email_verified,
      role: row.role,
      twoFactorEnabled: row.two_factor_enabled === true,
      banned: row.banned === true,
      banExpires: row.ban_expires === null ? null : toDate(row.ban_expires),
    },
  };
}

type BetterAuthUser = { role?: string | null; twoFactorEnabled?: boolean | null; banned?: boolean | null; banExpires?: Date | string | null };

/** better-auth's own answer, in the same shape: for the requests where it writes. */
export async function betterAuthSession(auth: Auth, headers: Headers): Promise<LookedUpSession | null> {
  const { headers: answered, response: result } = await auth.api.getSession({ headers, returnHeaders: true });
  if (!result) return null;
  const { session, user } = result;
  const extra = user as typeof user & BetterAuthUser;
  const factors = session as typeof session & { secondFactor?: string | null; secondFactorAt?: Date | string | null };
  const cookies = answered.getSetCookie();
  return {
    ...(cookies.length > 0 ? { refreshedCookies: cookies } : {}),
    session: {
      id: session.id,
      token: session.token,
      userId: session.userId,
      createdAt: toDate(session.createdAt),
      expiresAt: toDate(session.expiresAt),
      secondFactor: factors.secondFactor ?? null,
      secondFactorAt: factors.secondFactorAt ? toDate(factors.secondFactorAt) : null,
    },
    user: {
      id: user.id,
      name: user.name,
      email: user.email,
      emailVerified: user.emailVerified,
      role: extra.role ?? null,
      twoFactorEnabled: extra.twoFactorEnabled === true,
      banned: extra.banned === true,
      banExpires: extra.banExpires ? toDate(extra.banExpires) : null,
    },
  };
}

async function settingsOf(auth: Auth): Promise<Settings> {
  const context = await auth.$context;
  const options: BetterAuthOptions = context.options;
  const session = options.session;
  // The statement below is the whole truth only while sessions live in the database alone.
  if (session?.cookieCache?.enabled || options.secondaryStorage || session?.deferSessionRefresh || session?.disableSessionRefresh) {
    throw new Error("session-lookup: better-auth's session options changed; read its getSession again before using this");
  }
  return {
    sessionCookie: context.authCookies.sessionToken.name,
    dontRememberCookie: context.authCookies.dontRememberToken.name,
    secret: context.secret,
    expiresInMs: context.sessionConfig.expiresIn * 1000,
    updateAgeMs: context.sessionConfig.updateAge * 1000,
  };
}

export function createSessionLookup(auth: Auth, db: Database): SessionLookup {
  let settings: Promise<Settings> | undefined;
  return async (headers) => {
    const { sessionCookie, dontRememberCookie, secret, expiresInMs, updateAgeMs } = await (settings ??= settingsOf(auth));
    const cookies = headers.get("cookie");
    const token = verifySignedCookie(readCookie(cookies, sessionCookie), secret);
    if (!token) return null;
    const [row] = ((await db.execute(lookupStatement(token))) as unknown as { rows: Row[] }).rows;
    if (!row) return null;
    const found = fromRow(row);
    const now = Date.now();
    const expiresAt = found.session.expiresAt.getTime();
    const remembered = !verifySignedCookie(readCookie(cookies, dontRememberCookie), secret);
    // better-auth slides a remembered session's expiry once it is `updateAge` old. It is due only
    // when the slide would move the expiry: our update hook keeps it within the role's limits, so
    // a session at its absolute end has nothing left to slide. An admin's session (30 minutes
    // idle) would be due on every request: extendAdminSession slides it instead, at most once a
    // minute (server/http/session.ts).
    const slides =
      remembered &&
      found.user.role !== "admin" &&
      slidExpiry(found.user.role, found.session.createdAt, new Date(now), expiresInMs, auth.sessionLimits) > expiresAt;
    // Deleting an expired session and sliding one are writes, and rare: they stay better-auth's.
    if (expiresAt < now || (expiresAt - expiresInMs + updateAgeMs <= now && slides)) return betterAuthSession(auth, headers);
    return found;
  };
}
