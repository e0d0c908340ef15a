-- An account's kind, owner, id and whether it keeps a balance are checked once, when it is created
-- (decision 0019): a CHECK constraint would be evaluated again on every balance update.
CREATE OR REPLACE FUNCTION ledger_account_checked() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  IF NEW.kind IN ('available', 'invested', 'payout_hold') THEN
    IF NEW.user_id IS NULL OR NEW.id <> ledger_account_id(NEW.user_id, NEW.kind) OR NEW.balance_cents IS NULL THEN
      RAISE EXCEPTION 'a % account is u:<user>:% and keeps a balance', NEW.kind, NEW.kind USING ERRCODE = 'TV002';
    END IF;
  ELSIF NEW.kind IN ('deposits', 'interest', 'payouts', 'fees') THEN
    IF NEW.user_id IS NOT NULL OR NEW.id <> ledger_account_id(NULL, NEW.kind) OR NEW.balance_cents IS NOT NULL THEN
      RAISE EXCEPTION 'the % account is p:% and keeps no balance', NEW.kind, NEW.kind USING ERRCODE = 'TV002';
    END IF;
  ELSE
    RAISE EXCEPTION 'unknown ledger account kind %', NEW.kind USING ERRCODE = 'TV002';
  END IF;
  RETURN NEW;
END;
$$;
