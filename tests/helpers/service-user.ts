import { execFileSync } from "node:child_process";
import { chownSync } from "node:fs";

/** The account PostgreSQL and PgBouncer run as when the tests run as root (both refuse root). */
export const SERVICE_USER = "postgres";

export interface ServiceUser {
  uid: number;
  gid: number;
}

/**
 * Who a spawned PostgreSQL or PgBouncer runs as: undefined (the tests' own user) unless the tests
 * run as root, then the `postgres` account Debian's packages create.
 */
export function serviceUser(): ServiceUser | undefined {
  if (process.getuid?.() !== 0) return undefined;
  try {
    const id = (flag: string) => Number(execFileSync("id", [flag, SERVICE_USER], { encoding: "utf8" }).trim());
    return { uid: id("-u"), gid: id("-g") };
  } catch {
    throw new Error(`Running as root, and there is no ${SERVICE_USER} account to run PostgreSQL and PgBouncer as (both refuse root): install PostgreSQL's packages, or run the tests as another user.`);
  }
}

/** Hands `paths` to the service user, when there is one, so the programs it runs can write there. */
export function giveToServiceUser(user: ServiceUser | undefined, ...paths: string[]): void {
  if (user) for (const path of paths) chownSync(path, user.uid, user.gid);
}
