-- Settles matured investments in batches (decisions 0018, 0020 and 0051), one journal per investment
-- keyed maturity:<id>, the profit always from p:interest. What the journal does follows the
-- investment's instruction: pay out (principal and profit to available; kind 'maturity'), or roll
-- over (kind 'rollover'): a new investment in the same plan, of the principal (the profit to
-- available) or of both (the profit to invested), opened by that same journal. A rollover whose plan
-- is closed, whose terms changed since the investment started, whose new amount is below the plan's
-- minimum or above the largest single investment, or which earned no profit to post, pays out
-- instead and says why (rollover_refusal).
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
  out_matures_at timestamptz, out_cursor_matures_at timestamptz, out_cursor_id text, out_more boolean,
  out_outcome text, out_refusal text, out_new_investment_id text, out_new_principal_cents bigint,
  out_new_profit_cents bigint, out_new_matures_at timestamptz
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
  v_outcomes text[];
  v_refusals text[];
  v_new_principal bigint[];
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
    -- The plan as it is now decides a rollover: it must still be open, with the terms this
    -- investment started under, and take the new amount.
    SELECT array_agg(c.id ORDER BY c.ord), array_agg(c.user_id ORDER BY c.ord), array_agg(c.plan_name ORDER BY c.ord),
           array_agg(c.principal_cents ORDER BY c.ord), array_agg(c.profit_cents ORDER BY c.ord), array_agg(c.matures_at ORDER BY c.ord),
           array_agg(CASE WHEN c.refusal IS NULL THEN c.maturity_instruction ELSE 'payout' END ORDER BY c.ord),
           array_agg(c.refusal ORDER BY c.ord),
           array_agg(CASE WHEN c.refusal IS NOT NULL THEN 0 ELSE c.rolled END ORDER BY c.ord)
    INTO v_ids, v_users, v_plans, v_principal, v_profit, v_matures, v_outcomes, v_refusals, v_new_principal
    FROM (
      SELECT i.*,
             CASE
               WHEN i.maturity_instruction = 'payout' THEN NULL
               WHEN NOT p.active THEN 'plan_closed'
               WHEN (p.rate_basis_points, p.term_days, p.early_withdrawal_allowed, p.early_withdrawal_fee_basis_points)
                    IS DISTINCT FROM (i.rate_basis_points, i.term_days, i.early_withdrawal_allowed, i.early_withdrawal_fee_basis_points)
                 THEN 'plan_terms_changed'
               WHEN i.rolled < p.minimum_cents THEN 'below_minimum'
               -- INVESTMENT_MAX_CENTS (shared/schemas/investments.ts): compounding never overflows.
               WHEN i.rolled > 1000000000000 THEN 'above_maximum'
               WHEN i.profit_cents = 0 THEN 'no_profit'
             END AS refusal
      FROM (
        SELECT i.*, row_number() OVER () AS ord,
               CASE i.maturity_instruction WHEN 'rollover_principal' THEN i.principal_cents
                                           WHEN 'rollover_all' THEN i.principal_cents + i.profit_cents ELSE 0 END AS rolled
        FROM (
          SELECT i.id, i.user_id, i.plan_id, i.plan_name, i.principal_cents, i.profit_cents, i.matures_at, i.maturity_instruction,
                 i.rate_basis_points, i.term_days, i.early_withdrawal_allowed, i.early_withdrawal_fee_basis_points
          FROM investment i
          WHERE i.user_id = ANY (v_picked) AND i.status = 'active' AND i.matures_at <= p_now
          ORDER BY i.user_id, i.matures_at, i.id
          LIMIT p_limit
          FOR UPDATE SKIP LOCKED
        ) i
      ) i
      JOIN plan p ON p.id = i.plan_id
    ) c;
  END IF;
  IF p_user_id IS NOT NULL THEN
    v_more := coalesce(array_length(v_ids, 1), 0) >= p_limit;
  END IF;
  IF v_ids IS NULL THEN
    -- Nothing to pay (or every picked investment was held by another settler): one row that only
    -- says where the walk got to.
    RETURN QUERY SELECT NULL::text, NULL::text, NULL::text, NULL::bigint, NULL::bigint, NULL::timestamptz, v_cursor_at, v_cursor_id, v_more,
      NULL::text, NULL::text, NULL::text, NULL::bigint, NULL::bigint, NULL::timestamptz;
    RETURN;
  END IF;

  -- Claim each journal key. A key posted before (impossible while the row lock holds; kept as a
  -- guard) yields no journal, and that investment is only marked matured.
  WITH created AS (
    INSERT INTO journal (id, idempotency_key, kind, user_id, reference)
    SELECT time_ordered_uuid(), 'maturity:' || t.inv, CASE t.outcome WHEN 'payout' THEN 'maturity' ELSE 'rollover' END, t.uid, t.plan
    FROM unnest(v_ids, v_users, v_plans, v_outcomes) AS t(inv, uid, plan, outcome)
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

  -- What stays invested is the new investment's principal (none when paid out); the rest of the
  -- principal and profit goes to available. Legs that move nothing are not posted.
  WITH legs AS (
    SELECT l.journal, l.account_id, l.amount
    FROM unnest(v_journals, v_users, v_principal, v_profit, v_new_principal) AS t(journal, uid, principal, profit, rolled)
    CROSS JOIN LATERAL (VALUES
      (t.journal, ledger_account_id(t.uid, 'invested'), t.rolled - t.principal),
      (t.journal, ledger_account_id(t.uid, 'available'), t.principal + t.profit - t.rolled),
      (t.journal, ledger_account_id(NULL, 'interest'), -t.profit)
    ) AS l(journal, account_id, amount)
    WHERE t.journal IS NOT NULL AND l.amount <> 0
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
  SET status = CASE t.outcome WHEN 'payout' THEN 'matured' ELSE 'rolled_over' END, rollover_refusal = t.refusal, settled_at = p_now,
      settle_journal_id = coalesce(t.journal, (SELECT j.id FROM journal j WHERE j.idempotency_key = 'maturity:' || t.inv))
  FROM unnest(v_ids, v_journals, v_outcomes, v_refusals) AS t(inv, journal, outcome, refusal)
  WHERE i.id = t.inv;

  -- The new investments: the plan's terms (unchanged, as checked above), from the old maturity on,
  -- opened by the journal that settled their predecessor, with the same instruction. Profit is
  -- principal × rate half-up, as applyRate (shared/money.ts) computes it for a new investment.
  RETURN QUERY
  WITH opened AS (
    INSERT INTO investment (id, user_id, plan_id, plan_name, principal_cents, rate_basis_points, term_days, profit_cents,
                            started_at, matures_at, status, maturity_instruction, rolled_over_from,
                            early_withdrawal_allowed, early_withdrawal_fee_basis_points, start_journal_id, created_at)
    SELECT gen_random_uuid()::text, o.user_id, p.id, p.name, t.rolled, p.rate_basis_points, p.term_days,
           (t.rolled * p.rate_basis_points + 5000) / 10000,
           o.matures_at, o.matures_at + p.term_days * interval '24 hours', 'active', o.maturity_instruction, o.id,
           p.early_withdrawal_allowed, p.early_withdrawal_fee_basis_points, t.journal, p_now
    FROM unnest(v_ids, v_journals, v_outcomes, v_new_principal) AS t(inv, journal, outcome, rolled)
    JOIN investment o ON o.id = t.inv
    JOIN plan p ON p.id = o.plan_id
    WHERE t.journal IS NOT NULL AND t.outcome <> 'payout'
    RETURNING id, rolled_over_from, principal_cents, profit_cents, matures_at
  )
  SELECT t.inv, t.uid, t.plan, t.principal, t.profit, t.matures, v_cursor_at, v_cursor_id, v_more,
         t.outcome, t.refusal, n.id, n.principal_cents, n.profit_cents, n.matures_at
  FROM unnest(v_ids, v_users, v_plans, v_principal, v_profit, v_journals, v_matures, v_outcomes, v_refusals)
    AS t(inv, uid, plan, principal, profit, journal, matures, outcome, refusal)
  LEFT JOIN opened n ON n.rolled_over_from = t.inv
  WHERE t.journal IS NOT NULL;
END;
$$;
