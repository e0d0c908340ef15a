-- Transfers are posted one journal at a time through post_journal (decision 0049): the batch form
-- post_journals has no caller left, and its definition file is gone from server/db/sql/.
DROP FUNCTION IF EXISTS post_journals(text[], text[], text[], text[], text[], integer[], text[], bigint[]);
