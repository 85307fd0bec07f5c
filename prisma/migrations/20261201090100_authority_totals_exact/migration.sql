-- What has been drawn stays within 2^53 − 1, the largest whole number a
-- JSON number (and so the API's Amount) holds exactly. Before this, an
-- authority capped only by draws let an agent draw 2^53 − 1 tokens more than
-- once; the total then could not be read, and the owner's list of
-- authorities failed. The draw decision refuses such a draw; these CHECKs
-- make the database refuse it too, whatever the code above it does.

-- A total already past the range (from before this migration) cannot be
-- repaired without falsifying it, so its authority is withdrawn instead:
-- nothing more can be drawn on it and nothing needs to update its row again.
UPDATE authority_balances
   SET revoked = true, revoked_at = now(),
       revoke_reason = 'Withdrawn by an upgrade: what was drawn passed 2^53 − 1, the largest amount the API can show exactly.'
 WHERE NOT revoked
   AND (drawn_tokens > 9007199254740991 OR drawn_minor_units > 9007199254740991 OR draws > 9007199254740991);

ALTER TABLE authority_balances
  ADD CONSTRAINT authority_balances_drawn_tokens_exact CHECK (drawn_tokens <= 9007199254740991) NOT VALID,
  ADD CONSTRAINT authority_balances_drawn_minor_units_exact CHECK (drawn_minor_units <= 9007199254740991) NOT VALID,
  ADD CONSTRAINT authority_balances_draws_exact CHECK (draws <= 9007199254740991) NOT VALID;

-- Validated (as every other CHECK is) unless a withdrawn row above still
-- holds a total past the range; those rows are never updated again.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM authority_balances
                  WHERE drawn_tokens > 9007199254740991 OR drawn_minor_units > 9007199254740991 OR draws > 9007199254740991) THEN
    ALTER TABLE authority_balances VALIDATE CONSTRAINT authority_balances_drawn_tokens_exact;
    ALTER TABLE authority_balances VALIDATE CONSTRAINT authority_balances_drawn_minor_units_exact;
    ALTER TABLE authority_balances VALIDATE CONSTRAINT authority_balances_draws_exact;
  END IF;
END $$;
