-- A user's three accounts are created with the user (decision 0021), so post_journal never creates
-- an account and never looks the user up.
CREATE OR REPLACE FUNCTION create_user_ledger_accounts() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  INSERT INTO ledger_account (id, user_id, kind)
  VALUES (ledger_account_id(NEW.id, 'available'), NEW.id, 'available'),
         (ledger_account_id(NEW.id, 'invested'), NEW.id, 'invested'),
         (ledger_account_id(NEW.id, 'payout_hold'), NEW.id, 'payout_hold')
  ON CONFLICT (id) DO NOTHING;
  RETURN NULL;
END;
$$;
