-- Settles up to p_limit investments due by p_now (of one user when p_user_id is given) in the caller's transaction, each through
-- post_journal with the key maturity:<id> (so nothing is ever paid twice). Rows another
-- transaction holds are skipped, so several settlers split the work. Returns what it paid.
CREATE OR REPLACE FUNCTION settle_due_investments(p_now timestamptz, p_limit integer, p_user_id text DEFAULT NULL)
RETURNS TABLE (out_investment_id text, out_user_id text, out_plan_name text, out_principal_cents bigint, out_profit_cents bigint)
LANGUAGE plpgsql
AS $$
DECLARE
  r record;
  v_journal text;
BEGIN
  FOR r IN
    SELECT i.id, i.user_id, i.plan_name, i.principal_cents, i.profit_cents
    FROM investment i
    WHERE i.status = 'active' AND i.matures_at <= p_now AND (p_user_id IS NULL OR i.user_id = p_user_id)
    ORDER BY i.matures_at, i.id
    LIMIT p_limit
    FOR UPDATE SKIP LOCKED
  LOOP
    IF r.profit_cents > 0 THEN
      SELECT j.out_journal_id INTO v_journal FROM post_journal(
        'maturity:' || r.id, 'maturity', r.user_id, r.plan_name,
        ARRAY['u:' || r.user_id || ':invested', 'u:' || r.user_id || ':available', 'p:interest'],
        ARRAY[r.user_id, r.user_id, NULL],
        ARRAY['invested', 'available', 'interest'],
        ARRAY[-r.principal_cents, r.principal_cents + r.profit_cents, -r.profit_cents]
      ) AS j;
    ELSE
      SELECT j.out_journal_id INTO v_journal FROM post_journal(
        'maturity:' || r.id, 'maturity', r.user_id, r.plan_name,
        ARRAY['u:' || r.user_id || ':invested', 'u:' || r.user_id || ':available'],
        ARRAY[r.user_id, r.user_id],
        ARRAY['invested', 'available'],
        ARRAY[-r.principal_cents, r.principal_cents]
      ) AS j;
    END IF;
    UPDATE investment SET status = 'matured', settle_journal_id = v_journal, settled_at = p_now WHERE id = r.id;
    out_investment_id := r.id;
    out_user_id := r.user_id;
    out_plan_name := r.plan_name;
    out_principal_cents := r.principal_cents;
    out_profit_cents := r.profit_cents;
    RETURN NEXT;
  END LOOP;
END;
$$;
