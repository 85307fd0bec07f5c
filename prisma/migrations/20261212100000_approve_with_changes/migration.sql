-- Issue 26, item 10, approve with changes (docs/sign-offs.md, S2 and S22):
-- an owner may approve an edited input. What the agent asked is kept beside
-- it: `requested_input` and its hash never change once stored, while
-- `input`/`input_hash` become the approved input — what runs, the redeem
-- guard (O7), the approval token's `inputHash` and the webhook body.
ALTER TABLE sign_offs
  ADD COLUMN requested_input text,
  ADD COLUMN requested_input_hash text CHECK (requested_input_hash ~ '^[0-9a-f]{64}$');

-- Every request stored before asked for exactly what it holds.
UPDATE sign_offs SET requested_input = input, requested_input_hash = input_hash;

ALTER TABLE sign_offs
  ALTER COLUMN requested_input SET NOT NULL,
  ALTER COLUMN requested_input_hash SET NOT NULL;

-- What is stored when an agent asks is what it asked, and that never
-- changes: filled from the input on insert (so every statement that stores a
-- request keeps it, whoever writes it), and refused on any later change.
CREATE FUNCTION sign_offs_keep_requested_input() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    NEW.requested_input := NEW.input;
    NEW.requested_input_hash := NEW.input_hash;
  ELSIF NEW.requested_input IS DISTINCT FROM OLD.requested_input OR NEW.requested_input_hash IS DISTINCT FROM OLD.requested_input_hash THEN
    RAISE EXCEPTION 'what an agent asked for never changes; an owner edits the approved input';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER sign_offs_requested_input BEFORE INSERT OR UPDATE OF requested_input, requested_input_hash ON sign_offs
  FOR EACH ROW EXECUTE FUNCTION sign_offs_keep_requested_input();

-- The agent retrying its own input finds the one open request, however the
-- owner edited it (rule S2), so the owner is never asked twice: keyed on
-- what was asked, not on what was approved.
DROP INDEX sign_offs_one_open;
CREATE UNIQUE INDEX sign_offs_one_open ON sign_offs (tenant_id, agent_id, op, repository_id, requested_input_hash) NULLS NOT DISTINCT
  WHERE state IN ('pending', 'partially_approved', 'awaiting_redeem');

-- A denial holds off the input the agent asked (rule S18), even one an owner
-- edited before another owner denied it.
DROP INDEX sign_offs_recent_denials;
CREATE INDEX sign_offs_recent_denials ON sign_offs (tenant_id, agent_id, op, requested_input_hash, decided_at DESC) WHERE state = 'denied';
