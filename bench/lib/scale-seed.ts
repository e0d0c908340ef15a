/**
 * The scale benchmark's data (bench/scale.ts), written with set-based SQL on one connection: what a
 * platform of `investors` people looks like after a year, in the shapes the product's services write
 * and with a ledger that verifyLedger accepts.
 *
 * Per investor, ten journals a month or so apart over the last year: a deposit, two investments,
 * three more deposits, two payouts (each a request into the payout hold and its payment out of it),
 * so 20 postings each. The first investment of one investor in ten matures tonight (the settlement
 * run), every other one later. One investor in forty has the second payout still waiting (a pending
 * payout, its money on hold) and as many have a bank deposit waiting for an operator. Ten
 * "heavy" investors (the same ten at every size, so a request's cost compares table sizes, not
 * history sizes) hold 10,000 more journals each: deposits and transfers to one another. One
 * notification per investor, and `investors × 5` audit entries chained as the audit trigger would
 * chain them (seq, prev_hash, hash computed here with the product's own auditEntryHash).
 *
 * Speed: the session runs with session_replication_role = replica (no triggers, so the seed writes
 * the accounts, the chain and the balances itself), and the big tables' indexes that no foreign key
 * needs are dropped first and rebuilt from their own definitions after the load.
 */
import { randomUUID } from "node:crypto";
import pg from "pg";
import { auditEntryHash, GENESIS_HASH } from "#server/services/audit/audit-hash.js";

export const HEAVY_INVESTORS = 10;
export const HEAVY_JOURNALS = 10_000;
/** Every investor's own journals (see above). */
const STEPS = 10;
const DAY = "interval '1 day'";
/** The due investments mature in the hour before now + this: later than the requests are timed, before the settlement run. */
export const TONIGHT_HOURS = 12;

export interface SeedCounts {
  investors: number;
  investments: number;
  dueTonight: number;
  journals: number;
  postings: number;
  notifications: number;
  pendingDeposits: number;
  pendingPayouts: number;
  auditEntries: number;
  seconds: number;
}

/** The tables whose indexes are rebuilt after the load; the others are small or referenced. */
const BULK_TABLES = ["posting", "journal", "notification", "audit_log", "investment"];

interface IndexDefinition {
  table: string;
  name: string;
  /** `alter table … add constraint …` or `create index …`. */
  create: string;
  drop: string;
}

/** The table's indexes and unique/primary constraints that no foreign key leans on, with the SQL that recreates each. */
async function droppableIndexes(client: pg.Client, table: string): Promise<IndexDefinition[]> {
  const { rows } = await client.query<{ name: string; def: string; constraint_def: string | null }>(
    `select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as def,
            (select 'alter table ' || $1::regclass::text || ' add constraint ' || quote_ident(c.conname) || ' ' || pg_get_constraintdef(c.oid)
               from pg_constraint c where c.conindid = i.indexrelid and c.conrelid = i.indrelid) as constraint_def
     from pg_index i
     where i.indrelid = $1::regclass
       and not exists (select 1 from pg_constraint f where f.contype = 'f' and f.conindid = i.indexrelid)`,
    [table],
  );
  return rows.map((row) => ({
    table,
    name: row.name,
    create: row.constraint_def ?? row.def,
    drop: row.constraint_def ? `alter table ${table} drop constraint ${row.name.replace(/^.*\./, "")}` : `drop index ${row.name}`,
  }));
}

/**
 * Seeds a fresh, migrated database with plans, as of `now`: `investors / 10` investments mature in
 * the hour before now + TONIGHT_HOURS, so none is due while the server answers the timed requests.
 */
export async function seedScale(url: string, investors: number, now: Date, log: (line: string) => void): Promise<SeedCounts> {
  const started = performance.now();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const step = async (label: string, text: string, values: unknown[] = []) => {
    const t = performance.now();
    const result = await client.query(text, values);
    log(`  ${label}: ${((performance.now() - t) / 1000).toFixed(1)} s${result.rowCount ? ` (${result.rowCount.toLocaleString("en-US")} rows)` : ""}`);
    return result;
  };
  try {
    await client.query("set session_replication_role = replica");
    await client.query("set work_mem = '256MB'");
    await client.query("set maintenance_work_mem = '1GB'");
    const indexes: IndexDefinition[] = [];
    for (const table of BULK_TABLES) indexes.push(...(await droppableIndexes(client, table)));
    for (const index of indexes) await client.query(index.drop);
    const nowText = now.toISOString();
    const heavy = Math.min(HEAVY_INVESTORS, investors);

    await step(
      "investors",
      `insert into "user" (id, name, email, email_verified, role, verification_level, consented_at, created_at, updated_at)
       select md5('scale-user-' || g)::uuid::text,
              (array['Amaka','Tolu','Chidi','Ngozi','Emeka','Funmi','Bayo','Zainab','Ifeoma','Kunle'])[1 + g % 10] || ' ' ||
              (array['Okafor','Adeyemi','Balogun','Eze','Ibrahim','Nwosu','Olawale','Bello','Obi','Lawal'])[1 + (g / 10) % 10] || ' ' || g,
              'investor' || g || '@example.com', true, 'user', case when g % 3 = 0 then 'unverified' else 'verified' end,
              $2::timestamptz - 400 * ${DAY}, $2::timestamptz - 400 * ${DAY}, $2::timestamptz - 400 * ${DAY}
       from generate_series(1, $1::int) g`,
      [investors, nowText],
    );
    // The ten heavy investors' extra journals, one row per journal: even ones deposit $10, odd ones
    // send $5 to the next heavy investor, every ten minutes over the last 90 days.
    await client.query(
      `create temp table scale_heavy on commit preserve rows as
       select h, s, md5('scale-user-' || h)::uuid::text as user_id, md5('scale-user-' || (h % $1::int + 1))::uuid::text as other_id,
              md5('scale-heavy-' || h || '-' || s)::uuid::text as journal_id,
              $2::timestamptz - 90 * ${DAY} + s * interval '10 minutes' + h * interval '1 second' as at
       from generate_series(1, $1::int) h, generate_series(1, $3::int) s`,
      [heavy, nowText, HEAVY_JOURNALS],
    );
    // Each investor's ten journals: kind, time and the two postings' accounts and amount.
    await client.query(
      `create temp table scale_steps on commit preserve rows as
       with plans as (select row_number() over (order by sort_order, id) - 1 as k, count(*) over () as n, * from plan where active),
       people as (
         select g, md5('scale-user-' || g)::uuid::text as user_id, (g::bigint * 2654435761) % 4294967296 as h,
                g <= $1::int / 10 as due_tonight, g <= $1::int / 40 as payout_pending
         from generate_series(1, $1::int) g
       ),
       invest as (
         select people.*, p1.id as plan1, p1.name as name1, p1.rate_basis_points as rate1, p1.term_days as term1, p1.minimum_cents + h % 500000 as p1,
                p2.id as plan2, p2.name as name2, p2.rate_basis_points as rate2, p2.term_days as term2, p2.minimum_cents + (h / 7) % 500000 as p2
         from people
         join plans p1 on p1.k = people.h % p1.n
         join plans p2 on p2.k = (people.h / 3) % p2.n
       )
       select invest.*, s,
              md5('scale-j-' || g || '-' || s)::uuid::text as journal_id,
              case when s = 1 and due_tonight
                   then $2::timestamptz + ${TONIGHT_HOURS} * interval '1 hour' - term1 * ${DAY} - (h % 3600) * interval '1 second'
                   else $2::timestamptz - 365 * ${DAY} + s * 36 * ${DAY} + (h % 86400) * interval '1 second' end as at,
              case s when 0 then 'deposit' when 1 then 'investment' when 2 then 'investment'
                     when 3 then 'deposit' when 4 then 'deposit' when 5 then 'deposit'
                     when 6 then 'payout_request' when 7 then 'payout_paid' when 8 then 'payout_request' else 'payout_paid' end as kind,
              case s when 0 then 'p:deposits' when 1 then 'u:' || user_id || ':available' when 2 then 'u:' || user_id || ':available'
                     when 3 then 'p:deposits' when 4 then 'p:deposits' when 5 then 'p:deposits'
                     when 6 then 'u:' || user_id || ':available' when 7 then 'u:' || user_id || ':payout_hold'
                     when 8 then 'u:' || user_id || ':available' else 'u:' || user_id || ':payout_hold' end as debit,
              case s when 0 then 'u:' || user_id || ':available' when 1 then 'u:' || user_id || ':invested' when 2 then 'u:' || user_id || ':invested'
                     when 3 then 'u:' || user_id || ':available' when 4 then 'u:' || user_id || ':available' when 5 then 'u:' || user_id || ':available'
                     when 6 then 'u:' || user_id || ':payout_hold' when 7 then 'p:payouts'
                     when 8 then 'u:' || user_id || ':payout_hold' else 'p:payouts' end as credit,
              case s when 0 then p1 + p2 + 50000 when 1 then p1 when 2 then p2 when 3 then 10000 + h % 90000
                     when 4 then 20000 when 5 then 5000 + h % 1000 else 5000 end::bigint as amount
       from invest, generate_series(0, ${STEPS - 1}) s
       where not (s = 9 and payout_pending)`,
      [investors, nowText],
    );
    await step(
      "journals",
      `insert into journal (id, idempotency_key, kind, user_id, reference, created_at)
       select journal_id, 'scale:' || g || ':' || s, kind, user_id, case when kind = 'investment' then case s when 1 then name1 else name2 end end, at from scale_steps
       union all
       select journal_id, 'scale-heavy:' || h || ':' || s, case when s % 2 = 0 then 'deposit' else 'transfer' end, user_id, null, at from scale_heavy`,
    );
    // A user posting records its account's balance after it (decision 0028): the running sum in time order.
    await step(
      "postings",
      `insert into posting (journal_id, account_id, amount_cents, balance_after_cents, created_at)
       select journal_id, account_id, amount_cents,
              case when account_id like 'p:%' then null else sum(amount_cents) over (partition by account_id order by created_at, journal_id) end,
              created_at
       from (
         select journal_id, debit as account_id, -amount as amount_cents, at as created_at from scale_steps
         union all select journal_id, credit, amount, at from scale_steps
         union all select journal_id, case when s % 2 = 0 then 'p:deposits' else 'u:' || user_id || ':available' end,
                          case when s % 2 = 0 then -1000 else -500 end, at from scale_heavy
         union all select journal_id, 'u:' || case when s % 2 = 0 then user_id else other_id end || ':available',
                          case when s % 2 = 0 then 1000 else 500 end, at from scale_heavy
       ) p
       order by created_at`,
    );
    // The accounts' ids follow ledger_account_id(): 'u:<user>:<kind>'. Written after the postings
    // with their balances, not updated afterwards: an index built over freshly updated rows is not
    // usable by transactions older than it (pg_index.indcheckxmin).
    await step(
      "accounts",
      `insert into ledger_account (id, user_id, kind, balance_cents, created_at)
       select 'u:' || u.id || ':' || k.kind, u.id, k.kind, coalesce(t.total, 0), u.created_at
       from "user" u cross join (values ('available'), ('invested'), ('payout_hold')) k(kind)
       left join (select account_id, sum(amount_cents) as total from posting where account_id like 'u:%' group by account_id) t
         on t.account_id = 'u:' || u.id || ':' || k.kind`,
    );
    await step(
      "investments",
      `insert into investment (id, user_id, plan_id, plan_name, principal_cents, rate_basis_points, term_days, profit_cents,
                               started_at, matures_at, status, start_journal_id, created_at)
       select md5('scale-inv-' || g || '-' || s)::uuid::text, user_id,
              case s when 1 then plan1 else plan2 end, case s when 1 then name1 else name2 end, amount,
              case s when 1 then rate1 else rate2 end, case s when 1 then term1 else term2 end,
              (amount * case s when 1 then rate1 else rate2 end + 5000) / 10000, at,
              case when s = 1 and due_tonight then at + term1 * ${DAY}
                   else greatest(at + case s when 1 then term1 else term2 end * ${DAY}, $1::timestamptz + ${DAY} + (h % 300) * ${DAY}) end,
              'active', journal_id, at
       from scale_steps where s in (1, 2)`,
      [nowText],
    );
    // Reminders already sent for what matures within a week, as the reminder job would have left them.
    await step(
      "maturity reminders",
      `insert into maturity_reminder (investment_id, kind, created_at)
       select i.id, k.kind, $1::timestamptz - ${DAY} from investment i, (values ('7d'), ('1d')) k(kind)
       where i.matures_at < $1::timestamptz + 8 * ${DAY}`,
      [nowText],
    );
    await step(
      "pending payouts",
      `insert into payout (id, user_id, amount_cents, wallet_address, status, hold_journal_id, needs_approval, created_at)
       select md5('scale-payout-' || g)::uuid::text, user_id, amount, 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu', 'requested', journal_id, false, at
       from scale_steps where s = 8 and payout_pending`,
    );
    await step(
      "pending deposits",
      `insert into deposit (id, user_id, method, amount_cents, bank, reference, status, expires_at, created_at)
       select md5('scale-deposit-' || g)::uuid::text, md5('scale-user-' || g)::uuid::text, 'bank', 25000 + g % 100000, 'Access Bank',
              'TV-SCALE-' || g, 'pending', $2::timestamptz + 7 * ${DAY}, $2::timestamptz - (g % 20000) * interval '1 minute'
       from generate_series(1, $1::int / 40) g`,
      [investors, nowText],
    );
    await step(
      "notifications",
      `insert into notification (id, user_id, kind, title, body, subject_id, read_at, created_at)
       select md5('scale-note-' || g)::uuid::text, md5('scale-user-' || g)::uuid::text, 'transfer_received', 'Money received',
              'Someone sent you $5.00.', null, case when g % 2 = 0 then $2::timestamptz end, $2::timestamptz - (g % 40000) * interval '1 minute'
       from generate_series(1, $1::int) g`,
      [investors, nowText],
    );
    const auditEntries = await seedAudit(client, investors * 5, now, log);

    for (const index of indexes) {
      const t = performance.now();
      await client.query(index.create);
      log(`  index ${index.name}: ${((performance.now() - t) / 1000).toFixed(1)} s`);
    }
    const counts = (
      await client.query(`select (select count(*) from journal)::int as journals, (select count(*) from posting)::int as postings,
                                 (select count(*) from investment)::int as investments`)
    ).rows[0] as { journals: number; postings: number; investments: number };
    await client.query("reset session_replication_role");
    await step("vacuum analyze", "vacuum analyze");
    await client.query("checkpoint");
    return {
      investors,
      investments: counts.investments,
      dueTonight: Math.floor(investors / 10),
      journals: counts.journals,
      postings: counts.postings,
      notifications: investors,
      pendingDeposits: Math.floor(investors / 40),
      pendingPayouts: Math.floor(investors / 40),
      auditEntries,
      seconds: (performance.now() - started) / 1000,
    };
  } finally {
    await client.end();
  }
}

const AUDIT_BATCH = 20_000;

/**
 * `entries` sign-in and operator entries over the last year, chained as the audit_log_chain
 * trigger chains them: the hash is the product's own (server/services/audit/audit-hash.ts), so
 * verifyAuditChain accepts the chain. created_at is whole milliseconds, written and hashed as
 * PostgreSQL prints it back (six decimals).
 */
async function seedAudit(client: pg.Client, entries: number, now: Date, log: (line: string) => void): Promise<number> {
  const t = performance.now();
  const start = now.getTime() - 365 * 86_400_000;
  const spacing = Math.max(1, Math.floor((365 * 86_400_000) / entries));
  let prevHash = GENESIS_HASH;
  for (let first = 1; first <= entries; first += AUDIT_BATCH) {
    const columns = { id: [] as string[], seq: [] as string[], actor: [] as (string | null)[], action: [] as string[], targetType: [] as string[], targetId: [] as string[], prev: [] as string[], hash: [] as string[], at: [] as string[], after: [] as (string | null)[] };
    for (let seq = first; seq < Math.min(first + AUDIT_BATCH, entries + 1); seq++) {
      const id = randomUUID();
      const at = `${new Date(start + seq * spacing).toISOString().slice(0, 23)}000Z`;
      const operator = seq % 10 === 0;
      const targetId = `investor${(seq % 997) + 1}@example.com`;
      const after = operator ? `{"seq": ${seq}}` : null;
      const action = operator ? "deposit.confirmed" : "auth.sign_in";
      const targetType = operator ? "deposit" : "user";
      const hash = auditEntryHash({ prevHash, seq: String(seq), id, createdAt: at, actorId: null, action, targetType, targetId, requestId: null, before: null, after });
      columns.id.push(id);
      columns.seq.push(String(seq));
      columns.actor.push(null);
      columns.action.push(action);
      columns.targetType.push(targetType);
      columns.targetId.push(targetId);
      columns.prev.push(prevHash);
      columns.hash.push(hash);
      columns.at.push(at);
      columns.after.push(after);
      prevHash = hash;
    }
    await client.query(
      `insert into audit_log (id, seq, actor_id, action, target_type, target_id, prev_hash, hash, created_at, after)
       select * from unnest($1::text[], $2::bigint[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::timestamptz[], $10::jsonb[])`,
      [columns.id, columns.seq, columns.actor, columns.action, columns.targetType, columns.targetId, columns.prev, columns.hash, columns.at, columns.after],
    );
  }
  log(`  audit entries: ${((performance.now() - t) / 1000).toFixed(1)} s (${entries.toLocaleString("en-US")} rows)`);
  return entries;
}
