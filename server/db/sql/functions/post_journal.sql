-- The only way money moves one journal at a time: the journal, its postings and the user balances,
-- in the caller's transaction (settle_due_investments is the set-based form for maturities).
-- Returns {journal id, 't'} when posted, {id of the first journal, 'f'} when the idempotency key was
-- posted before (nothing moves then).
-- Every posting names an account once (posting's primary key) with an amount that is not zero; the
-- amounts sum to zero; a journal for a user moves one of that user's accounts. User balances move in
-- one UPDATE that reads the accounts through their primary key with the ids as an array: the index
-- visits them in ascending id order (COLLATE "C"), so rows are locked in the one global order that
-- settlement follows too, whatever order the caller passed. The SET clauses keep that plan
-- (decision 0021): a sequential or bitmap scan would lock the rows in physical order, which could
-- deadlock two journals; and the generic plan, since a custom plan would be made on every call.
-- Platform accounts keep no balance and are neither locked nor updated.
-- Errors: TV001 insufficient funds, TV002 malformed journal.
CREATE OR REPLACE FUNCTION post_journal(
  p_journal_id text,
  p_key text,
  p_kind text,
  p_user_id text,
  p_reference text,
  p_account_ids text[],
  p_amounts bigint[]
) RETURNS text[]
LANGUAGE plpgsql
SET enable_seqscan = off
SET enable_bitmapscan = off
SET plan_cache_mode = force_generic_plan
AS $$
DECLARE
  v_count integer := coalesce(array_length(p_account_ids, 1), 0);
  v_sum bigint := 0;
  v_id text;
  v_rows integer;
  v_account text;
BEGIN
  IF v_count < 2 OR coalesce(array_length(p_amounts, 1), 0) <> v_count OR p_journal_id IS NULL THEN
    RAISE EXCEPTION 'a journal needs an id and two or more postings, each with an account and an amount' USING ERRCODE = 'TV002';
  END IF;
  FOR i IN 1..v_count LOOP
    IF p_amounts[i] IS NULL OR p_amounts[i] = 0 OR p_account_ids[i] IS NULL THEN
      RAISE EXCEPTION 'a posting needs an account and an amount that is not zero' USING ERRCODE = 'TV002';
    END IF;
    v_sum := v_sum + p_amounts[i];
  END LOOP;
  IF v_sum <> 0 OR NOT (p_user_id IS NULL OR ledger_account_id(p_user_id, 'available') = ANY (p_account_ids)
                        OR ledger_account_id(p_user_id, 'invested') = ANY (p_account_ids)
                        OR ledger_account_id(p_user_id, 'payout_hold') = ANY (p_account_ids)) THEN
    IF v_sum <> 0 THEN
      RAISE EXCEPTION 'the postings of a journal must sum to zero' USING ERRCODE = 'TV002';
    END IF;
    RAISE EXCEPTION 'a journal for user % must move one of their accounts', p_user_id USING ERRCODE = 'TV002';
  END IF;
  -- A concurrent insert of the same key waits here until the first transaction ends.
  WITH created AS (
    INSERT INTO journal (id, idempotency_key, kind, user_id, reference)
    VALUES (p_journal_id, p_key, p_kind, p_user_id, p_reference)
    ON CONFLICT (idempotency_key) DO NOTHING
    RETURNING id
  )
  SELECT created.id INTO v_id FROM created;
  IF v_id IS NULL THEN
    RETURN ARRAY[(SELECT j.id FROM journal j WHERE j.idempotency_key = p_key), 'f'];
  END IF;

  -- Each posting records its account's balance right after it, as the UPDATE that holds the row
  -- lock returns it: true whatever other journal moves the same account at the same moment.
  -- A platform account (not updated) gets NULL; a refused update rolls all of it back below.
  WITH moved AS (
    UPDATE ledger_account a SET balance_cents = a.balance_cents + p_amounts[array_position(p_account_ids, a.id)]
    WHERE a.id = ANY (p_account_ids) AND a.balance_cents + p_amounts[array_position(p_account_ids, a.id)] >= 0
    RETURNING a.id, a.balance_cents
  ), posted AS (
    INSERT INTO posting (journal_id, account_id, amount_cents, balance_after_cents)
    SELECT p_journal_id, t.id, t.amount, moved.balance_cents
    FROM unnest(p_account_ids, p_amounts) AS t(id, amount) LEFT JOIN moved ON moved.id = t.id
  )
  SELECT count(*) INTO v_rows FROM moved;
  IF v_rows <> v_count - (SELECT count(*) FROM unnest(ARRAY['deposits', 'interest', 'payouts', 'fees']) AS k(kind)
                          WHERE ledger_account_id(NULL, k.kind) = ANY (p_account_ids)) THEN
    -- Say which account: the first, in lock order, that is missing or cannot take its amount as
    -- balances now stand (every journal of the product debits one user account at most).
    SELECT t.id INTO v_account FROM unnest(p_account_ids) AS t(id)
    WHERE NOT EXISTS (SELECT 1 FROM ledger_account a WHERE a.id = t.id)
    ORDER BY t.id COLLATE "C" LIMIT 1;
    IF v_account IS NOT NULL THEN
      RAISE EXCEPTION 'journal names unknown account %', v_account USING ERRCODE = 'TV002';
    END IF;
    SELECT t.id INTO v_account FROM unnest(p_account_ids, p_amounts) AS t(id, amount)
    JOIN ledger_account a ON a.id = t.id
    WHERE a.balance_cents + t.amount < 0
    ORDER BY t.id COLLATE "C" LIMIT 1;
    RAISE EXCEPTION 'insufficient funds in %', coalesce(v_account, 'an account') USING ERRCODE = 'TV001';
  END IF;
  RETURN ARRAY[p_journal_id, 't'];
END;
$$;
