-- One journal through post_journals (the rules, the locks and the errors are all there). Returns
-- {journal id, 't'} when posted, {id of the first journal, 'f'} when the idempotency key was posted
-- before (nothing moves then). PL/pgSQL, not SQL: its body is checked when it runs, so the files
-- can be applied in any order.
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
AS $$
DECLARE
  v_posted record;
BEGIN
  SELECT p.journal_id, p.created INTO v_posted
  FROM post_journals(ARRAY[p_journal_id], ARRAY[p_key], ARRAY[p_kind], ARRAY[p_user_id], ARRAY[p_reference],
                     array_fill(1, ARRAY[coalesce(cardinality(p_account_ids), 0)]), p_account_ids, p_amounts) AS p;
  RETURN ARRAY[v_posted.journal_id, CASE WHEN v_posted.created THEN 't' ELSE 'f' END];
END;
$$;
