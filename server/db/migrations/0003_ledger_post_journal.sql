-- The only way money moves: one journal, its postings and the account balances, in the caller's
-- transaction. Replays of an idempotency key return the first journal and post nothing.
-- Errors: TV001 insufficient funds (a user account would go below zero), TV002 malformed journal.
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
  v_short text;
BEGIN
  IF v_count < 2
     OR coalesce(array_length(p_account_owners, 1), 0) <> v_count
     OR coalesce(array_length(p_account_kinds, 1), 0) <> v_count
     OR coalesce(array_length(p_amounts, 1), 0) <> v_count THEN
    RAISE EXCEPTION 'a journal needs two or more postings, each with an account and an amount' USING ERRCODE = 'TV002';
  END IF;
  IF EXISTS (SELECT 1 FROM unnest(p_amounts) AS a(amount) WHERE amount IS NULL OR amount = 0) THEN
    RAISE EXCEPTION 'a posting cannot be zero' USING ERRCODE = 'TV002';
  END IF;
  IF (SELECT sum(amount) FROM unnest(p_amounts) AS a(amount)) <> 0 THEN
    RAISE EXCEPTION 'the postings of a journal must sum to zero' USING ERRCODE = 'TV002';
  END IF;

  -- A concurrent insert of the same key waits here until the first transaction ends.
  INSERT INTO journal (id, idempotency_key, kind, user_id, reference)
  VALUES (gen_random_uuid()::text, p_key, p_kind, p_user_id, p_reference)
  ON CONFLICT (idempotency_key) DO NOTHING
  RETURNING id INTO v_id;
  IF v_id IS NULL THEN
    RETURN QUERY SELECT j.id, false FROM journal j WHERE j.idempotency_key = p_key;
    RETURN;
  END IF;

  INSERT INTO ledger_account (id, user_id, kind)
  SELECT DISTINCT t.id, t.owner, t.kind
  FROM unnest(p_account_ids, p_account_owners, p_account_kinds) AS t(id, owner, kind)
  ON CONFLICT (id) DO NOTHING;

  -- One lock order for every journal, so two journals never wait on each other in a cycle.
  PERFORM 1 FROM ledger_account WHERE id = ANY (p_account_ids) ORDER BY id FOR UPDATE;

  SELECT a.id INTO v_short
  FROM ledger_account a
  JOIN (SELECT t.id, sum(t.amount) AS delta FROM unnest(p_account_ids, p_amounts) AS t(id, amount) GROUP BY t.id) d ON d.id = a.id
  WHERE a.user_id IS NOT NULL AND a.balance_cents + d.delta < 0
  LIMIT 1;
  IF v_short IS NOT NULL THEN
    RAISE EXCEPTION 'insufficient funds in %', v_short USING ERRCODE = 'TV001';
  END IF;

  UPDATE ledger_account a
  SET balance_cents = a.balance_cents + d.delta
  FROM (SELECT t.id, sum(t.amount) AS delta FROM unnest(p_account_ids, p_amounts) AS t(id, amount) GROUP BY t.id) d
  WHERE a.id = d.id;

  INSERT INTO posting (journal_id, account_id, amount_cents)
  SELECT v_id, t.id, t.amount FROM unnest(p_account_ids, p_amounts) AS t(id, amount);

  RETURN QUERY SELECT v_id, true;
END;
$$;
