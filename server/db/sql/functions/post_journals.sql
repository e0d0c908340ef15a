-- The only way money moves: journals, their postings and the user balances, in the caller's
-- transaction, in the order given (post_journal is this for one journal). Returns one row per
-- journal, in order: {its id, true} when posted, {the id of the first journal with its idempotency
-- key, false} when that key was posted before (nothing of it moves then).
--
-- Postings name their journal by position (p_journal_of, 1-based) and come in journal order. Every
-- posting names an account once per journal (posting's primary key) with an amount that is not
-- zero; each journal's amounts sum to zero; a journal for a user moves one of that user's accounts.
--
-- Every user account the new journals move is locked once, in the one global order (ascending id,
-- COLLATE "C" like the column) that settlement follows too, whatever order the caller passed, so
-- two callers can never deadlock on balances. The journals are then applied one after another to
-- the locked balances: each posting records its account's balance right after it, and a journal
-- that would take an account below zero refuses the whole call (TV001), so a batch is all or
-- nothing, like one journal. Each balance is written ONCE per call however many journals move it
-- (decision 0038): updating the same row again inside one transaction leaves a version per update
-- that every later update must walk past.
-- Platform accounts keep no balance and are neither locked nor updated.
-- The planner settings keep the index plan that decision 0021 measured: a few ids read through
-- the primary key, never a scan of every account. Errors: TV001 insufficient funds, TV002 malformed.
CREATE OR REPLACE FUNCTION post_journals(
  p_journal_ids text[],
  p_keys text[],
  p_kinds text[],
  p_user_ids text[],
  p_references text[],
  p_journal_of integer[],
  p_account_ids text[],
  p_amounts bigint[]
) RETURNS TABLE (journal_id text, created boolean)
LANGUAGE plpgsql
SET enable_seqscan = off
SET enable_bitmapscan = off
SET plan_cache_mode = force_generic_plan
AS $$
#variable_conflict use_column
DECLARE
  v_journals integer := coalesce(cardinality(p_journal_ids), 0);
  v_postings integer := coalesce(cardinality(p_account_ids), 0);
  v_counts integer[];
  v_sums bigint[];
  v_owned boolean[];
  v_created boolean[];
  v_locked text[];
  v_balances bigint[];
  v_after bigint[];
  v_at integer;
  j integer;
BEGIN
  IF v_journals = 0 AND v_postings = 0 THEN
    RETURN;
  END IF;
  IF coalesce(cardinality(p_keys), 0) <> v_journals OR coalesce(cardinality(p_kinds), 0) <> v_journals
     OR coalesce(cardinality(p_user_ids), 0) <> v_journals OR coalesce(cardinality(p_references), 0) <> v_journals
     OR coalesce(cardinality(p_journal_of), 0) <> v_postings OR coalesce(cardinality(p_amounts), 0) <> v_postings THEN
    RAISE EXCEPTION 'a journal needs an id and two or more postings, each with an account and an amount' USING ERRCODE = 'TV002';
  END IF;
  v_counts := array_fill(0, ARRAY[v_journals]);
  FOR i IN 1..v_postings LOOP
    j := p_journal_of[i];
    IF j IS NULL OR j < 1 OR j > v_journals OR (i > 1 AND j < p_journal_of[i - 1]) THEN
      RAISE EXCEPTION 'postings come in journal order, each naming one of the journals' USING ERRCODE = 'TV002';
    END IF;
    v_counts[j] := v_counts[j] + 1;
  END LOOP;
  FOR j IN 1..v_journals LOOP
    IF v_counts[j] < 2 OR p_journal_ids[j] IS NULL THEN
      RAISE EXCEPTION 'a journal needs an id and two or more postings, each with an account and an amount' USING ERRCODE = 'TV002';
    END IF;
  END LOOP;
  v_sums := array_fill(0::bigint, ARRAY[v_journals]);
  v_owned := array_fill(false, ARRAY[v_journals]);
  FOR i IN 1..v_postings LOOP
    IF p_amounts[i] IS NULL OR p_amounts[i] = 0 OR p_account_ids[i] IS NULL THEN
      RAISE EXCEPTION 'a posting needs an account and an amount that is not zero' USING ERRCODE = 'TV002';
    END IF;
    j := p_journal_of[i];
    v_sums[j] := v_sums[j] + p_amounts[i];
    v_owned[j] := v_owned[j] OR p_account_ids[i] IN (ledger_account_id(p_user_ids[j], 'available'),
      ledger_account_id(p_user_ids[j], 'invested'), ledger_account_id(p_user_ids[j], 'payout_hold'));
  END LOOP;
  FOR j IN 1..v_journals LOOP
    IF v_sums[j] <> 0 THEN
      RAISE EXCEPTION 'the postings of a journal must sum to zero' USING ERRCODE = 'TV002';
    END IF;
    IF p_user_ids[j] IS NOT NULL AND NOT v_owned[j] THEN
      RAISE EXCEPTION 'a journal for user % must move one of their accounts', p_user_ids[j] USING ERRCODE = 'TV002';
    END IF;
  END LOOP;

  -- A concurrent insert of the same key waits here until the first transaction ends; a key given
  -- twice in one call is posted once, its second journal a replay of the first.
  WITH created AS (
    INSERT INTO journal (id, idempotency_key, kind, user_id, reference)
    SELECT t.id, t.key, t.kind, t.user_id, t.reference
    FROM unnest(p_journal_ids, p_keys, p_kinds, p_user_ids, p_references) WITH ORDINALITY AS t(id, key, kind, user_id, reference, n)
    ORDER BY t.n
    ON CONFLICT (idempotency_key) DO NOTHING
    RETURNING id
  )
  SELECT array_agg(t.id IN (SELECT c.id FROM created c) ORDER BY t.n) INTO v_created
  FROM unnest(p_journal_ids) WITH ORDINALITY AS t(id, n);

  IF true = ANY (v_created) THEN
    -- The user accounts of the new journals, locked: rows are locked after the sort.
    SELECT array_agg(a.id ORDER BY a.id), array_agg(a.balance_cents ORDER BY a.id) INTO v_locked, v_balances
    FROM (
      SELECT a.id, a.balance_cents FROM ledger_account a
      WHERE a.id = ANY (ARRAY(SELECT p_account_ids[i] FROM generate_subscripts(p_account_ids, 1) AS i WHERE v_created[p_journal_of[i]]))
        AND a.balance_cents IS NOT NULL
      ORDER BY a.id
      FOR UPDATE
    ) a;
    v_after := array_fill(NULL::bigint, ARRAY[v_postings]);
    FOR i IN 1..v_postings LOOP
      CONTINUE WHEN NOT v_created[p_journal_of[i]];
      v_at := array_position(v_locked, p_account_ids[i]);
      IF v_at IS NULL THEN
        IF p_account_ids[i] NOT IN (ledger_account_id(NULL, 'deposits'), ledger_account_id(NULL, 'interest'), ledger_account_id(NULL, 'payouts')) THEN
          RAISE EXCEPTION 'journal names unknown account %', p_account_ids[i] USING ERRCODE = 'TV002';
        END IF;
        CONTINUE;
      END IF;
      v_balances[v_at] := v_balances[v_at] + p_amounts[i];
      IF v_balances[v_at] < 0 THEN
        RAISE EXCEPTION 'insufficient funds in %', p_account_ids[i] USING ERRCODE = 'TV001';
      END IF;
      v_after[i] := v_balances[v_at];
    END LOOP;

    WITH posted AS (
      INSERT INTO posting (journal_id, account_id, amount_cents, balance_after_cents)
      SELECT p_journal_ids[p_journal_of[i]], p_account_ids[i], p_amounts[i], v_after[i]
      FROM generate_subscripts(p_account_ids, 1) AS i
      WHERE v_created[p_journal_of[i]]
      ORDER BY i
    )
    UPDATE ledger_account a SET balance_cents = t.balance
    FROM unnest(v_locked, v_balances) AS t(id, balance)
    WHERE a.id = t.id;
  END IF;

  RETURN QUERY
  SELECT CASE WHEN v_created[t.n::integer] THEN t.id ELSE (SELECT jj.id FROM journal jj WHERE jj.idempotency_key = t.key) END, v_created[t.n::integer]
  FROM unnest(p_journal_ids, p_keys) WITH ORDINALITY AS t(id, key, n)
  ORDER BY t.n;
END;
$$;
