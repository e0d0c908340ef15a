-- Pays matured investments in batches (decisions 0018 and 0020): principal and profit back to the
-- user's available balance, the profit from p:interest, one maturity journal per investment.
-- The SET clauses are decision 0020's measured fix: without them the planner read every due row
-- with a bitmap scan and sorted it, for each batch, instead of walking the queue's index in order.
-- p_slice of p_slices: a settler takes only the investments of users whose id hashes to its slice,
-- so settlers running side by side never wait on each other's user accounts. p_user_id: that
-- user's due investments only (the admin tool), read through the user's own index.
CREATE OR REPLACE FUNCTION settle_due_investments(
  p_now timestamptz,
  p_limit integer,
  p_user_id text DEFAULT NULL,
  p_after_matures_at timestamptz DEFAULT NULL,
  p_after_id text DEFAULT NULL,
  p_slice integer DEFAULT 0,
  p_slices integer DEFAULT 1
)
RETURNS TABLE (
  out_investment_id text, out_user_id text, out_plan_name text, out_principal_cents bigint, out_profit_cents bigint,
  out_matures_at timestamptz, out_cursor_matures_at timestamptz, out_cursor_id text, out_more boolean
)
LANGUAGE plpgsql
SET enable_bitmapscan = off
SET enable_seqscan = off
AS $$
DECLARE
  v_ids text[];
  v_users text[];
  v_plans text[];
  v_principal bigint[];
  v_profit bigint[];
  v_matures timestamptz[];
  v_journals text[];
  v_accounts bigint;
  v_locked bigint;
  v_picked text[] := '{}';
  v_room bigint := p_limit;
  v_due bigint;
  v_cursor_at timestamptz := p_after_matures_at;
  v_cursor_id text := p_after_id;
  v_more boolean := false;
  r record;
  v_expected bigint;
  v_moved bigint;
BEGIN
  IF p_user_id IS NOT NULL THEN
    v_picked := ARRAY[p_user_id];
  ELSE
    -- Walk the queue in maturity order from the cursor and take whole users: every due investment of
    -- each user met, until the batch is full. A user's accounts are then locked and moved once per
    -- batch however many of their investments it pays, and their postings, journals and
    -- notifications land next to each other in the indexes. A user who does not fit is left, with
    -- the cursor before them, for the next batch; only a first user larger than a batch is split.
    -- The slice is tested here, not in the query: the planner cannot estimate that filter (it guesses
    -- 0.5 % of rows), and with it in the query it would rather sort every due row than walk the queue.
    FOR r IN
      SELECT i.user_id, i.matures_at, i.id FROM investment i
      WHERE i.status = 'active' AND i.matures_at <= p_now
        AND (i.matures_at, i.id) > (coalesce(p_after_matures_at, '-infinity'), coalesce(p_after_id, ''))
      ORDER BY i.matures_at, i.id
    LOOP
      IF p_slices > 1 AND (hashtext(r.user_id) & 2147483647) % p_slices <> p_slice THEN
        v_cursor_at := r.matures_at;
        v_cursor_id := r.id;
        CONTINUE;
      END IF;
      IF NOT r.user_id = ANY (v_picked) THEN
        IF v_room <= 0 THEN
          v_more := true;
          EXIT;
        END IF;
        SELECT count(*) INTO v_due FROM investment i
        WHERE i.user_id = r.user_id AND i.status = 'active' AND i.matures_at <= p_now;
        IF v_due > v_room AND cardinality(v_picked) > 0 THEN
          v_more := true;
          EXIT;
        END IF;
        v_picked := v_picked || r.user_id;
        v_room := v_room - v_due;
        IF v_room < 0 THEN
          -- This user alone is more than a batch: the rest of their investments lie ahead of this row.
          v_cursor_at := r.matures_at;
          v_cursor_id := r.id;
          v_more := true;
          EXIT;
        END IF;
      END IF;
      v_cursor_at := r.matures_at;
      v_cursor_id := r.id;
    END LOOP;
  END IF;
  IF cardinality(v_picked) > 0 THEN
    SELECT array_agg(c.id ORDER BY c.ord), array_agg(c.user_id ORDER BY c.ord), array_agg(c.plan_name ORDER BY c.ord),
           array_agg(c.principal_cents ORDER BY c.ord), array_agg(c.profit_cents ORDER BY c.ord), array_agg(c.matures_at ORDER BY c.ord)
    INTO v_ids, v_users, v_plans, v_principal, v_profit, v_matures
    FROM (
      SELECT i.*, row_number() OVER () AS ord
      FROM (
        SELECT i.id, i.user_id, i.plan_name, i.principal_cents, i.profit_cents, i.matures_at
        FROM investment i
        WHERE i.user_id = ANY (v_picked) AND i.status = 'active' AND i.matures_at <= p_now
        ORDER BY i.user_id, i.matures_at, i.id
        LIMIT p_limit
        FOR UPDATE SKIP LOCKED
      ) i
    ) c;
  END IF;
  IF p_user_id IS NOT NULL THEN
    v_more := coalesce(array_length(v_ids, 1), 0) >= p_limit;
  END IF;
  IF v_ids IS NULL THEN
    -- Nothing to pay (or every picked investment was held by another settler): one row that only
    -- says where the walk got to.
    RETURN QUERY SELECT NULL::text, NULL::text, NULL::text, NULL::bigint, NULL::bigint, NULL::timestamptz, v_cursor_at, v_cursor_id, v_more;
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

  -- The users' accounts, locked in the one global order (ascending id, COLLATE "C" like the column).
  SELECT count(DISTINCT u) * 2 INTO v_accounts FROM unnest(v_users) AS u;
  SELECT count(*) INTO v_locked FROM (
    SELECT 1 FROM ledger_account
    WHERE id IN (SELECT ledger_account_id(u, k) FROM unnest(v_users) AS u, unnest(ARRAY['invested', 'available']) AS k)
      AND balance_cents IS NOT NULL
    ORDER BY id FOR UPDATE
  ) locked;
  IF v_locked <> v_accounts THEN
    RAISE EXCEPTION 'a user with a due investment has no available or no invested account' USING ERRCODE = 'TV002';
  END IF;

  WITH legs AS (
    SELECT t.journal, ledger_account_id(t.uid, 'invested') AS account_id, -t.principal AS amount
    FROM unnest(v_journals, v_users, v_principal, v_profit) AS t(journal, uid, principal, profit) WHERE t.journal IS NOT NULL
    UNION ALL
    SELECT t.journal, ledger_account_id(t.uid, 'available'), t.principal + t.profit
    FROM unnest(v_journals, v_users, v_principal, v_profit) AS t(journal, uid, principal, profit) WHERE t.journal IS NOT NULL
    UNION ALL
    SELECT t.journal, ledger_account_id(NULL, 'interest'), -t.profit
    FROM unnest(v_journals, v_users, v_principal, v_profit) AS t(journal, uid, principal, profit) WHERE t.journal IS NOT NULL AND t.profit > 0
  ),
  -- Each user posting records its account's balance right after it: the balance as locked above
  -- plus this batch's postings on that account up to it, in journal order (the order the history
  -- lists them). The interest account keeps no balance: NULL.
  running AS (
    SELECT l.journal, l.account_id, l.amount,
           a.balance_cents + sum(l.amount) OVER (PARTITION BY l.account_id ORDER BY l.journal COLLATE "C") AS balance_after
    FROM legs l LEFT JOIN ledger_account a ON a.id = l.account_id AND a.balance_cents IS NOT NULL
  ),
  posted AS (
    INSERT INTO posting (journal_id, account_id, amount_cents, balance_after_cents)
    SELECT journal, account_id, amount, balance_after FROM running RETURNING account_id, amount_cents
  ),
  deltas AS (
    SELECT account_id, sum(amount_cents) AS delta FROM posted WHERE account_id <> ledger_account_id(NULL, 'interest') GROUP BY account_id
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
  SELECT t.inv, t.uid, t.plan, t.principal, t.profit, t.matures, v_cursor_at, v_cursor_id, v_more
  FROM unnest(v_ids, v_users, v_plans, v_principal, v_profit, v_journals, v_matures) AS t(inv, uid, plan, principal, profit, journal, matures)
  WHERE t.journal IS NOT NULL;
END;
$$;
