import { sql, type SQL } from "drizzle-orm";
import type { DbExecutor } from "#server/db/client.js";

/** What pg-boss asks of a database: one call, its `$n` text and values, rows back. */
export interface BossDb {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

/**
 * pg-boss's `$1 … $n` text and values as one Drizzle statement, so it runs inside a Drizzle
 * transaction: what pg-boss's `db` option asks of a database (`executeSql(text, values)`).
 */
function bossStatement(text: string, values: readonly unknown[]): SQL {
  const chunks: SQL[] = [];
  let last = 0;
  for (const match of text.matchAll(/\$(\d+)/g)) {
    chunks.push(sql.raw(text.slice(last, match.index)));
    const position = Number(match[1]);
    const value = values[position - 1];
    // pg sends objects as JSON; Drizzle would expand arrays, so both go as JSON text (pg-boss casts them).
    chunks.push(sql`${value !== null && typeof value === "object" && !(value instanceof Date) ? JSON.stringify(value) : (value ?? null)}`);
    last = match.index + match[0].length;
  }
  chunks.push(sql.raw(text.slice(last)));
  return sql.join(chunks);
}

/**
 * pg-boss's database inside the caller's transaction: a job sent through it commits or vanishes
 * with the business change (decision 0030). Only single statements with values pass this way.
 */
export function bossDbIn(tx: DbExecutor): BossDb {
  return {
    executeSql: async (text, values = []) => {
      const result = (await tx.execute(bossStatement(text, values))) as unknown as { rows: Record<string, unknown>[] };
      return { rows: result.rows };
    },
  };
}
