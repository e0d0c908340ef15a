-- Several journals at once, in the caller's transaction, in the order given: the batch form of
-- post_journal (transfers that arrive together, decision 0038), under the same rules, locks and
-- errors. post_journal stays the one-journal form: it is the hot path of every other money
-- movement, and in PL/pgSQL this general form costs it 20-25 % of its throughput (measured in
-- decision 0038). tests/ledger.test.ts posts the same journals through both and compares every
-- balance after. Returns one row per journal, in order: {its id, true} when posted, {the id of the first journal with its idempotency
-- key, false} when that key was posted before (nothing of it moves then).
--
-- Postings name their journal by position (p_journal_of, 1-based) and come in journal order. Every
-- posting names an account once per journal (posting's primary key) with an amount that is not
-- zero; each journal's amounts sum to zero; a journal for a user moves one of that user's accounts.
--
-- The user accounts the new journals move are locked and written by ONE UPDATE, each once with
-- its net amount, in the one global lock order (below), so two callers can never deadlock on
-- balances and a batch of journals costs one write per balance (decision 0038: updating the same
-- row again inside one transaction leaves a version per update that every later update must walk
-- past). The journals are then replayed in order from the balances before them: each posting
-- records its account's balance right after it, and a journal that would take an account below
-- zero on the way refuses the whole call (TV001), so a batch is all or nothing, like one journal.
-- Platform accounts keep no balance and are neither locked nor updated.
-- Errors: TV001 insufficient funds, TV002 malformed journal.
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
  v_accounts text[];
  v_nets bigint[];
  v_moved text[];
  v_balances bigint[];
  v_after bigint[];
  v_at integer;
  v_account text;
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

  IF NOT true = ANY (v_created) THEN
    FOR j IN 1..v_journals LOOP
      journal_id := (SELECT jj.id FROM journal jj WHERE jj.idempotency_key = p_keys[j]);
      created := false;
      RETURN NEXT;
    END LOOP;
    RETURN;
  END IF;

  -- What the new journals move, net, per account: each balance is written once, whatever number
  -- of journals move it.
  v_accounts := '{}';
  v_nets := '{}';
  FOR i IN 1..v_postings LOOP
    CONTINUE WHEN NOT v_created[p_journal_of[i]];
    v_at := array_position(v_accounts, p_account_ids[i]);
    IF v_at IS NULL THEN
      v_accounts := v_accounts || p_account_ids[i];
      v_nets := v_nets || p_amounts[i];
    ELSE
      v_nets[v_at] := v_nets[v_at] + p_amounts[i];
    END IF;
  END LOOP;

  -- One UPDATE reads the accounts through their primary key with the ids as an array: the index
  -- visits them in ascending id order (COLLATE "C"), so rows are locked in the one global order
  -- that settlement follows too, whatever order the caller passed (decision 0021: the planner
  -- settings keep that plan, and the generic plan, since a custom plan would be made on every
  -- call). It refuses a final balance below zero; platform accounts (no balance) are not touched.
  WITH moved AS (
    UPDATE ledger_account a SET balance_cents = a.balance_cents + v_nets[array_position(v_accounts, a.id)]
    WHERE a.id = ANY (v_accounts) AND a.balance_cents + v_nets[array_position(v_accounts, a.id)] >= 0
    RETURNING a.id, a.balance_cents
  )
  SELECT array_agg(moved.id), array_agg(moved.balance_cents) INTO v_moved, v_balances FROM moved;
  IF coalesce(cardinality(v_moved), 0) <> cardinality(v_accounts)
       - (ledger_account_id(NULL, 'deposits') = ANY (v_accounts))::integer
       - (ledger_account_id(NULL, 'interest') = ANY (v_accounts))::integer
       - (ledger_account_id(NULL, 'payouts') = ANY (v_accounts))::integer THEN
    -- Say which account: the first, in lock order, that is missing or cannot take its amount as
    -- balances now stand.
    SELECT t.id INTO v_account FROM unnest(v_accounts) AS t(id)
    WHERE NOT EXISTS (SELECT 1 FROM ledger_account a WHERE a.id = t.id)
    ORDER BY t.id COLLATE "C" LIMIT 1;
    IF v_account IS NOT NULL THEN
      RAISE EXCEPTION 'journal names unknown account %', v_account USING ERRCODE = 'TV002';
    END IF;
    SELECT t.id INTO v_account FROM unnest(v_accounts, v_nets) AS t(id, net)
    JOIN ledger_account a ON a.id = t.id
    WHERE a.balance_cents + t.net < 0
    ORDER BY t.id COLLATE "C" LIMIT 1;
    RAISE EXCEPTION 'insufficient funds in %', coalesce(v_account, 'an account') USING ERRCODE = 'TV001';
  END IF;

  -- The journals in order from the balances before them (after, less the net): each posting records
  -- its account's balance right after it, true whatever else moves the account at the same moment
  -- (the rows are locked); a journal that would take an account below zero on the way refuses it all.
  FOR k IN 1..coalesce(cardinality(v_moved), 0) LOOP
    v_balances[k] := v_balances[k] - v_nets[array_position(v_accounts, v_moved[k])];
  END LOOP;
  v_after := array_fill(NULL::bigint, ARRAY[v_postings]);
  FOR i IN 1..v_postings LOOP
    CONTINUE WHEN NOT v_created[p_journal_of[i]];
    v_at := array_position(v_moved, p_account_ids[i]);
    CONTINUE WHEN v_at IS NULL;
    v_balances[v_at] := v_balances[v_at] + p_amounts[i];
    IF v_balances[v_at] < 0 THEN
      RAISE EXCEPTION 'insufficient funds in %', p_account_ids[i] USING ERRCODE = 'TV001';
    END IF;
    v_after[i] := v_balances[v_at];
  END LOOP;

  INSERT INTO posting (journal_id, account_id, amount_cents, balance_after_cents)
  SELECT p_journal_ids[p_journal_of[i]], p_account_ids[i], p_amounts[i], v_after[i]
  FROM generate_subscripts(p_account_ids, 1) AS i
  WHERE v_created[p_journal_of[i]]
  ORDER BY i;

  FOR j IN 1..v_journals LOOP
    created := v_created[j];
    journal_id := CASE WHEN created THEN p_journal_ids[j] ELSE (SELECT jj.id FROM journal jj WHERE jj.idempotency_key = p_keys[j]) END;
    RETURN NEXT;
  END LOOP;
END;
$$;
