-- Idempotency keys for agent writes. A key is claimed (pending, with a lease
-- and a claim token) before the write, and moves to done only inside the
-- write's own transaction, guarded by the token: done holds exactly when the
-- write committed, so a pending key whose lease ran out wrote nothing.
CREATE TABLE idempotency_keys (
  tenant_id     uuid        NOT NULL,
  agent_id      uuid        NOT NULL,
  key           text        NOT NULL CHECK (key ~ '^[ -~]{1,255}$'),
  -- The mutation field, and the SHA-256 of its canonical name and arguments.
  field         text        NOT NULL,
  request_hash  text        NOT NULL CHECK (request_hash ~ '^[0-9a-f]{64}$'),
  state         text        NOT NULL CHECK (state IN ('pending', 'done')),
  claim_token   uuid,
  lease_until   timestamptz,
  -- The first answer, byte for byte, replayed to every retry.
  response      text,
  created_at    timestamptz NOT NULL DEFAULT now(),
  completed_at  timestamptz,
  PRIMARY KEY (tenant_id, agent_id, key),
  FOREIGN KEY (tenant_id, agent_id) REFERENCES agents (tenant_id, id),
  CHECK ((state = 'done') = (response IS NOT NULL AND completed_at IS NOT NULL)),
  CHECK ((state = 'pending') = (claim_token IS NOT NULL AND lease_until IS NOT NULL))
);
CREATE INDEX idempotency_keys_age ON idempotency_keys (created_at);
