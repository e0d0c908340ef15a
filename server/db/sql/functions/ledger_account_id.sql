-- The one place SQL spells an account id: u:<user>:<kind> for a user's account, p:<kind> for the
-- platform's (server/services/ledger/accounts.ts is the other language's one place; a test pins both).
-- A plain IMMUTABLE SQL function, so the planner inlines it: it costs what the concatenation did.
CREATE OR REPLACE FUNCTION ledger_account_id(p_user_id text, p_kind text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$
  SELECT CASE WHEN p_user_id IS NULL THEN 'p:' || p_kind ELSE 'u:' || p_user_id || ':' || p_kind END
$$;
