ALTER TABLE "ledger_account" DROP CONSTRAINT "ledger_account_user_not_negative";--> statement-breakpoint
ALTER TABLE "ledger_account" DROP CONSTRAINT "ledger_account_kind";--> statement-breakpoint
ALTER TABLE "investment" DROP CONSTRAINT "investment_start_journal_id_journal_id_fk";
--> statement-breakpoint
ALTER TABLE "investment" DROP CONSTRAINT "investment_settle_journal_id_journal_id_fk";
--> statement-breakpoint
ALTER TABLE "journal" DROP CONSTRAINT "journal_user_id_user_id_fk";
--> statement-breakpoint
ALTER TABLE "posting" DROP CONSTRAINT "posting_journal_id_journal_id_fk";
--> statement-breakpoint
ALTER TABLE "posting" DROP CONSTRAINT "posting_account_id_ledger_account_id_fk";
--> statement-breakpoint
ALTER TABLE "ledger_account" ALTER COLUMN "balance_cents" DROP NOT NULL;
--> statement-breakpoint
-- Decision 0019. The ledger's per-row foreign keys (posting → journal, posting → ledger_account,
-- journal → user, investment → its start and settle journals) and the account-kind CHECK give way
-- to guarantees that cost nothing per journal: post_journal writes the journal, the postings and the user balances together; journals and
-- postings are append-only and accounts are never deleted; an account's kind and owner are checked
-- once, when it is created; verifyLedger() reports any posting whose journal or account is missing.
-- Platform accounts (p:deposits, p:interest, p:payouts) have no floor, so they need no kept balance
-- and no row lock: their balance is the sum of their postings (view ledger_balance), and journals
-- no longer queue behind each other on those three rows.
INSERT INTO ledger_account (id, user_id, kind, balance_cents)
VALUES ('p:deposits', NULL, 'deposits', NULL), ('p:interest', NULL, 'interest', NULL), ('p:payouts', NULL, 'payouts', NULL)
ON CONFLICT (id) DO NOTHING;
--> statement-breakpoint
UPDATE ledger_account SET balance_cents = NULL WHERE user_id IS NULL;
--> statement-breakpoint
ALTER TABLE "ledger_account" ADD CONSTRAINT "ledger_account_balance_not_negative" CHECK ("ledger_account"."balance_cents" >= 0);
--> statement-breakpoint
-- Ids are ASCII and compared byte by byte: with the "C" collation every index lookup and insert on
-- these keys is a memcmp instead of a locale comparison (the same order for ASCII), which is most
-- of the CPU a journal or a settlement spends in its indexes.
ALTER TABLE journal ALTER COLUMN id TYPE text COLLATE "C", ALTER COLUMN idempotency_key TYPE text COLLATE "C",
  ALTER COLUMN user_id TYPE text COLLATE "C";
--> statement-breakpoint
ALTER TABLE posting ALTER COLUMN journal_id TYPE text COLLATE "C", ALTER COLUMN account_id TYPE text COLLATE "C";
--> statement-breakpoint
ALTER TABLE ledger_account ALTER COLUMN id TYPE text COLLATE "C", ALTER COLUMN user_id TYPE text COLLATE "C";
--> statement-breakpoint
ALTER TABLE investment ALTER COLUMN id TYPE text COLLATE "C", ALTER COLUMN user_id TYPE text COLLATE "C";
--> statement-breakpoint
ALTER TABLE notification ALTER COLUMN id TYPE text COLLATE "C", ALTER COLUMN user_id TYPE text COLLATE "C";
--> statement-breakpoint
ALTER TABLE "user" ALTER COLUMN id TYPE text COLLATE "C";
--> statement-breakpoint
CREATE VIEW ledger_balance AS
SELECT a.id, a.user_id, a.kind,
       coalesce(a.balance_cents, (SELECT coalesce(sum(p.amount_cents), 0) FROM posting p WHERE p.account_id = a.id))::bigint AS balance_cents
FROM ledger_account a;
--> statement-breakpoint
-- A UUIDv7-shaped id: ordered by creation time, so journal and notification inserts append to the
-- right edge of their primary-key index instead of dirtying random pages.
CREATE FUNCTION time_ordered_uuid() RETURNS text
LANGUAGE sql VOLATILE PARALLEL SAFE
AS $$
  SELECT (lpad(to_hex(floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint), 12, '0') || '7'
          || substr(replace(gen_random_uuid()::text, '-', ''), 14))::uuid::text
$$;
--> statement-breakpoint
CREATE FUNCTION ledger_append_only() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  RAISE EXCEPTION '% on % is refused: the ledger is append-only', TG_OP, TG_TABLE_NAME USING ERRCODE = 'TV003';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER journal_append_only BEFORE UPDATE OR DELETE OR TRUNCATE ON journal
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_append_only();
--> statement-breakpoint
CREATE TRIGGER posting_append_only BEFORE UPDATE OR DELETE OR TRUNCATE ON posting
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_append_only();
--> statement-breakpoint
CREATE TRIGGER ledger_account_kept BEFORE DELETE OR TRUNCATE ON ledger_account
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_append_only();
--> statement-breakpoint
CREATE FUNCTION ledger_account_checked() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  IF NEW.kind IN ('available', 'invested', 'payout_hold') THEN
    IF NEW.user_id IS NULL OR NEW.id <> 'u:' || NEW.user_id || ':' || NEW.kind OR NEW.balance_cents IS NULL THEN
      RAISE EXCEPTION 'a % account is u:<user>:% and keeps a balance', NEW.kind, NEW.kind USING ERRCODE = 'TV002';
    END IF;
  ELSIF NEW.kind IN ('deposits', 'interest', 'payouts') THEN
    IF NEW.user_id IS NOT NULL OR NEW.id <> 'p:' || NEW.kind OR NEW.balance_cents IS NOT NULL THEN
      RAISE EXCEPTION 'the % account is p:% and keeps no balance', NEW.kind, NEW.kind USING ERRCODE = 'TV002';
    END IF;
  ELSE
    RAISE EXCEPTION 'unknown ledger account kind %', NEW.kind USING ERRCODE = 'TV002';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_account_checked BEFORE INSERT OR UPDATE OF id, user_id, kind ON ledger_account
  FOR EACH ROW EXECUTE FUNCTION ledger_account_checked();
--> statement-breakpoint
-- The only way money moves: one journal, its postings and the account balances, in the caller's
-- transaction. Replays of an idempotency key return the first journal and post nothing.
-- The postings name each account once, in ascending id order by code point (postJournal sorts them;
-- COLLATE "C" whatever the database's collation): that order is the one lock order every journal
-- and settlement follows, so two journals never wait on each other in a cycle.
-- Each user account is locked by the UPDATE that moves its balance, which also refuses to take it
-- below zero; a user account is created the first time a journal names it. Platform accounts are
-- neither locked nor updated.
-- Errors: TV001 insufficient funds, TV002 malformed journal.
CREATE OR REPLACE FUNCTION post_journal(
  p_key text,
  p_kind text,
  p_user_id text,
  p_reference text,
  p_account_ids text[],
  p_account_owners text[],
  p_account_kinds text[],
  p_amounts bigint[]
) RETURNS TABLE (out_journal_id text, out_created boolean)
LANGUAGE plpgsql
AS $$
DECLARE
  v_id text;
  v_count integer := coalesce(array_length(p_account_ids, 1), 0);
  v_sum numeric := 0;
BEGIN
  IF v_count < 2
     OR coalesce(array_length(p_account_owners, 1), 0) <> v_count
     OR coalesce(array_length(p_account_kinds, 1), 0) <> v_count
     OR coalesce(array_length(p_amounts, 1), 0) <> v_count THEN
    RAISE EXCEPTION 'a journal needs two or more postings, each with an account and an amount' USING ERRCODE = 'TV002';
  END IF;
  FOR i IN 1..v_count LOOP
    IF p_amounts[i] IS NULL OR p_amounts[i] = 0 THEN
      RAISE EXCEPTION 'a posting cannot be zero' USING ERRCODE = 'TV002';
    END IF;
    IF p_account_ids[i] IS NULL OR (i > 1 AND p_account_ids[i] COLLATE "C" <= p_account_ids[i - 1] COLLATE "C") THEN
      RAISE EXCEPTION 'postings must name each account once, in ascending id order' USING ERRCODE = 'TV002';
    END IF;
    v_sum := v_sum + p_amounts[i];
  END LOOP;
  IF v_sum <> 0 THEN
    RAISE EXCEPTION 'the postings of a journal must sum to zero' USING ERRCODE = 'TV002';
  END IF;
  -- A concurrent insert of the same key waits here until the first transaction ends. No row is
  -- inserted for an unknown user either; the replay lookup below tells the two apart.
  INSERT INTO journal (id, idempotency_key, kind, user_id, reference)
  SELECT time_ordered_uuid(), p_key, p_kind, p_user_id, p_reference
  WHERE p_user_id IS NULL OR EXISTS (SELECT 1 FROM "user" u WHERE u.id = p_user_id)
  ON CONFLICT (idempotency_key) DO NOTHING
  RETURNING id INTO v_id;
  IF v_id IS NULL THEN
    SELECT j.id INTO out_journal_id FROM journal j WHERE j.idempotency_key = p_key;
    IF out_journal_id IS NULL THEN
      RAISE EXCEPTION 'journal names unknown user %', p_user_id USING ERRCODE = 'TV002';
    END IF;
    out_created := false;
    RETURN NEXT;
    RETURN;
  END IF;

  FOR i IN 1..v_count LOOP
    -- Platform accounts exist from this migration on and keep no balance: nothing to lock or update.
    CONTINUE WHEN p_account_ids[i] IN ('p:deposits', 'p:interest', 'p:payouts');
    UPDATE ledger_account SET balance_cents = balance_cents + p_amounts[i]
    WHERE id = p_account_ids[i] AND balance_cents + p_amounts[i] >= 0;
    IF NOT FOUND THEN
      -- Either the account does not exist yet (the trigger checks what is created), or it would go
      -- below zero.
      INSERT INTO ledger_account (id, user_id, kind) VALUES (p_account_ids[i], p_account_owners[i], p_account_kinds[i])
      ON CONFLICT (id) DO NOTHING;
      UPDATE ledger_account SET balance_cents = balance_cents + p_amounts[i]
      WHERE id = p_account_ids[i] AND balance_cents + p_amounts[i] >= 0;
      IF NOT FOUND THEN
        RAISE EXCEPTION 'insufficient funds in %', p_account_ids[i] USING ERRCODE = 'TV001';
      END IF;
    END IF;
  END LOOP;

  INSERT INTO posting (journal_id, account_id, amount_cents)
  SELECT v_id, t.id, t.amount FROM unnest(p_account_ids, p_amounts) AS t(id, amount);

  out_journal_id := v_id;
  out_created := true;
  RETURN NEXT;
END;
$$;
--> statement-breakpoint
-- Settlement as in 0008, with time-ordered journal ids, user accounts locked in post_journal's order
-- and the interest account neither locked nor updated, so settlers in parallel never queue on it.
DROP FUNCTION settle_due_investments(timestamptz, integer, text, timestamptz, text);
--> statement-breakpoint
-- p_slice of p_slices: a settler takes only the investments of users whose id hashes to its slice,
-- so settlers running side by side never wait on each other's user accounts.
CREATE FUNCTION settle_due_investments(
  p_now timestamptz,
  p_limit integer,
  p_user_id text DEFAULT NULL,
  p_after_matures_at timestamptz DEFAULT NULL,
  p_after_id text DEFAULT NULL,
  p_slice integer DEFAULT 0,
  p_slices integer DEFAULT 1
)
RETURNS TABLE (out_investment_id text, out_user_id text, out_plan_name text, out_principal_cents bigint, out_profit_cents bigint, out_matures_at timestamptz)
LANGUAGE plpgsql
AS $$
DECLARE
  v_ids text[];
  v_users text[];
  v_plans text[];
  v_principal bigint[];
  v_profit bigint[];
  v_matures timestamptz[];
  v_journals text[];
  v_expected bigint;
  v_moved bigint;
BEGIN
  SELECT array_agg(c.id ORDER BY c.ord), array_agg(c.user_id ORDER BY c.ord), array_agg(c.plan_name ORDER BY c.ord),
         array_agg(c.principal_cents ORDER BY c.ord), array_agg(c.profit_cents ORDER BY c.ord), array_agg(c.matures_at ORDER BY c.ord)
  INTO v_ids, v_users, v_plans, v_principal, v_profit, v_matures
  FROM (
    SELECT i.id, i.user_id, i.plan_name, i.principal_cents, i.profit_cents, i.matures_at, row_number() OVER () AS ord
    FROM (
      SELECT i.id, i.user_id, i.plan_name, i.principal_cents, i.profit_cents, i.matures_at
      FROM investment i
      WHERE i.status = 'active' AND i.matures_at <= p_now AND (p_user_id IS NULL OR i.user_id = p_user_id)
        AND (p_after_matures_at IS NULL OR (i.matures_at, i.id) > (p_after_matures_at, p_after_id))
        AND (p_slices = 1 OR (hashtext(i.user_id) & 2147483647) % p_slices = p_slice)
      ORDER BY i.matures_at, i.id
      LIMIT p_limit
      FOR UPDATE SKIP LOCKED
    ) i
  ) c;
  IF v_ids IS NULL THEN
    RETURN;
  END IF;

  -- Claim each journal key. A key posted before (impossible while the row lock holds; kept as a
  -- guard) yields no journal, and that investment is only marked matured.
  WITH created AS (
    INSERT INTO journal (id, idempotency_key, kind, user_id, reference)
    SELECT time_ordered_uuid(), 'maturity:' || t.inv, 'maturity', t.uid, t.plan
    FROM unnest(v_ids, v_users, v_plans) AS t(inv, uid, plan)
    ON CONFLICT (idempotency_key) DO NOTHING
    RETURNING id, idempotency_key
  )
  SELECT array_agg(c.id ORDER BY t.ord) INTO v_journals
  FROM unnest(v_ids) WITH ORDINALITY AS t(inv, ord)
  LEFT JOIN created c ON c.idempotency_key = 'maturity:' || t.inv;

  INSERT INTO ledger_account (id, user_id, kind)
  SELECT DISTINCT 'u:' || u || ':' || k, u, k FROM unnest(v_users) AS u, unnest(ARRAY['invested', 'available']) AS k
  ON CONFLICT (id) DO NOTHING;

  PERFORM 1 FROM ledger_account
  WHERE id IN (SELECT 'u:' || u || ':' || k FROM unnest(v_users) AS u, unnest(ARRAY['invested', 'available']) AS k)
  ORDER BY id COLLATE "C" FOR UPDATE;

  WITH legs AS (
    SELECT t.journal, 'u:' || t.uid || ':invested' AS account_id, -t.principal AS amount
    FROM unnest(v_journals, v_users, v_principal, v_profit) AS t(journal, uid, principal, profit) WHERE t.journal IS NOT NULL
    UNION ALL
    SELECT t.journal, 'u:' || t.uid || ':available', t.principal + t.profit
    FROM unnest(v_journals, v_users, v_principal, v_profit) AS t(journal, uid, principal, profit) WHERE t.journal IS NOT NULL
    UNION ALL
    SELECT t.journal, 'p:interest', -t.profit
    FROM unnest(v_journals, v_users, v_principal, v_profit) AS t(journal, uid, principal, profit) WHERE t.journal IS NOT NULL AND t.profit > 0
  ),
  posted AS (
    INSERT INTO posting (journal_id, account_id, amount_cents) SELECT journal, account_id, amount FROM legs RETURNING account_id, amount_cents
  ),
  deltas AS (
    SELECT account_id, sum(amount_cents) AS delta FROM posted WHERE account_id <> 'p:interest' GROUP BY account_id
  ),
  -- The accounts are locked already; an account that would go below zero is simply not updated,
  -- and the count below turns that into TV001, which rolls the whole batch back.
  moved AS (
    UPDATE ledger_account a SET balance_cents = a.balance_cents + d.delta
    FROM deltas d
    WHERE a.id = d.account_id AND a.balance_cents + d.delta >= 0
    RETURNING a.id
  )
  SELECT (SELECT count(*) FROM deltas), (SELECT count(*) FROM moved) INTO v_expected, v_moved;
  IF v_moved <> v_expected THEN
    RAISE EXCEPTION 'insufficient funds in a user account of this batch' USING ERRCODE = 'TV001';
  END IF;

  -- An already-posted key links the journal that paid it, as post_journal's replay would.
  UPDATE investment i
  SET status = 'matured', settled_at = p_now,
      settle_journal_id = coalesce(t.journal, (SELECT j.id FROM journal j WHERE j.idempotency_key = 'maturity:' || t.inv))
  FROM unnest(v_ids, v_journals) AS t(inv, journal)
  WHERE i.id = t.inv;

  RETURN QUERY
  SELECT t.inv, t.uid, t.plan, t.principal, t.profit, t.matures
  FROM unnest(v_ids, v_users, v_plans, v_principal, v_profit, v_journals, v_matures) AS t(inv, uid, plan, principal, profit, journal, matures)
  WHERE t.journal IS NOT NULL;
END;
$$;
