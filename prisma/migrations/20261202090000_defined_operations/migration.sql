-- Owner-defined operations: versions written once, a head per name (latest
-- version, retirement, webhook secret), sign-offs that pin a version and run
-- by the agent (a single-use grant) or by delivery to a webhook (an outbox).

CREATE TABLE operations (
  tenant_id         uuid        NOT NULL REFERENCES tenants (id),
  op                text        NOT NULL CHECK (length(op) <= 100 AND op ~ '^[a-z][a-z0-9_-]*(\.[a-z0-9_-]+)*$'
                                                AND op !~ '^(repository|authority|operation)\.'),
  version           int         NOT NULL CHECK (version >= 1),
  summary           text        NOT NULL CHECK (length(summary) BETWEEN 1 AND 200),
  description       text        CHECK (length(description) <= 4000),
  -- The schema as canonical JSON, the exact text compiled when asked.
  input_schema      text        NOT NULL CHECK (length(input_schema) <= 32768),
  -- SHA-256 (hex) of everything that defines the version: defining it again
  -- with the same content is recognised by this.
  content_hash      text        NOT NULL CHECK (content_hash ~ '^[0-9a-f]{64}$'),
  irreversible      boolean     NOT NULL,
  risk              text        NOT NULL CHECK (risk IN ('low', 'medium', 'high')),
  runner            text        NOT NULL CHECK (runner IN ('agent', 'webhook')),
  webhook_url       text,
  secret_fields     text[]      NOT NULL,
  needs_repository  boolean     NOT NULL,
  defined_by        uuid        NOT NULL,
  defined_at        timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, op, version),
  FOREIGN KEY (tenant_id, defined_by) REFERENCES owners (tenant_id, id),
  CHECK ((runner = 'webhook') = (webhook_url IS NOT NULL)),
  CHECK (runner = 'webhook' OR cardinality(secret_fields) = 0)
);

-- A version is written once: what an owner approved under it never changes.
CREATE FUNCTION operations_are_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'operation versions are immutable';
END $$;
CREATE TRIGGER operations_immutable BEFORE UPDATE OR DELETE ON operations
  FOR EACH ROW EXECUTE FUNCTION operations_are_immutable();

-- One row per name: the lock every definition of the name takes, so racing
-- definitions number their versions one after another.
CREATE TABLE operation_heads (
  tenant_id               uuid        NOT NULL,
  op                      text        NOT NULL,
  latest_version          int         NOT NULL,
  retired_at              timestamptz,
  -- The webhook signing secret, sealed (AES-256-GCM under COUNTERSIGN_SECRET_KEY).
  webhook_secret          text,
  -- The secret it replaced, still signing alongside until 24 hours after the rotation.
  previous_webhook_secret text,
  rotated_at              timestamptz,
  PRIMARY KEY (tenant_id, op),
  FOREIGN KEY (tenant_id, op, latest_version) REFERENCES operations (tenant_id, op, version),
  CHECK ((previous_webhook_secret IS NULL) OR (rotated_at IS NOT NULL))
);

ALTER TABLE sign_offs ADD COLUMN op_version int;
ALTER TABLE sign_offs ADD COLUMN runner text NOT NULL DEFAULT 'server' CHECK (runner IN ('server', 'agent', 'webhook'));
ALTER TABLE sign_offs ADD COLUMN redeemed_at timestamptz;
ALTER TABLE sign_offs ADD COLUMN grant_id uuid UNIQUE;
ALTER TABLE sign_offs ADD FOREIGN KEY (tenant_id, op, op_version) REFERENCES operations (tenant_id, op, version);
ALTER TABLE sign_offs ADD CHECK ((runner = 'server') = (op_version IS NULL));
ALTER TABLE sign_offs ADD CHECK ((redeemed_at IS NULL) = (grant_id IS NULL));
ALTER TABLE sign_offs ADD CHECK (redeemed_at IS NULL OR runner = 'agent');
-- Each runner has its own states after approval.
ALTER TABLE sign_offs DROP CONSTRAINT sign_offs_state_check;
ALTER TABLE sign_offs ADD CONSTRAINT sign_offs_state_check CHECK (
  state IN ('pending', 'approved', 'succeeded', 'failed', 'denied', 'expired', 'withdrawn', 'awaiting_redeem', 'redeemed', 'delivering', 'lapsed')
  AND (state <> 'approved' OR runner = 'server')
  AND (state NOT IN ('awaiting_redeem', 'redeemed', 'lapsed') OR runner = 'agent')
  AND (state <> 'delivering' OR runner = 'webhook')
  AND ((state = 'redeemed') <= (redeemed_at IS NOT NULL))
);
-- Open is pending or awaiting redeem: asking again for an approved,
-- unredeemed input finds that request rather than asking the owner twice.
DROP INDEX sign_offs_one_open;
CREATE UNIQUE INDEX sign_offs_one_open ON sign_offs (tenant_id, agent_id, op, repository_id, input_hash) NULLS NOT DISTINCT
  WHERE state IN ('pending', 'awaiting_redeem');
CREATE INDEX sign_offs_awaiting_redeem ON sign_offs (decided_at) WHERE state = 'awaiting_redeem';

-- Approval tokens' signing keys (Ed25519), shared by every instance. At most
-- one is active; a retired one stays published until its last token expires.
CREATE TABLE approval_keys (
  kid          text        PRIMARY KEY CHECK (length(kid) BETWEEN 1 AND 100),
  public_jwk   jsonb       NOT NULL,
  -- The private JWK, sealed (AES-256-GCM under COUNTERSIGN_SECRET_KEY).
  private_jwk  text        NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now(),
  retired_at   timestamptz
);
CREATE UNIQUE INDEX approval_keys_one_active ON approval_keys ((true)) WHERE retired_at IS NULL;

-- The transactional outbox: a row written in the transaction whose change it
-- carries out, claimed by any instance with a short committed lease
-- (`due_at` moves past the lease), delivered without a database connection
-- held, and settled with its attempt.
CREATE TABLE outbox (
  id           uuid        NOT NULL UNIQUE,
  tenant_id    uuid        NOT NULL,
  channel      text        NOT NULL CHECK (channel IN ('webhook')),
  sign_off_id  uuid,
  target       text        NOT NULL,
  -- The exact body, fixed when written: every attempt sends the same bytes.
  payload      text        NOT NULL,
  attempts     int         NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  due_at       timestamptz NOT NULL DEFAULT now(),
  give_up_at   timestamptz NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now(),
  done_at      timestamptz,
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, sign_off_id) REFERENCES sign_offs (tenant_id, id)
);
-- A sign-off is delivered through one row, however often its decision is retried.
CREATE UNIQUE INDEX outbox_one_per_sign_off ON outbox (tenant_id, sign_off_id, channel) WHERE sign_off_id IS NOT NULL;
CREATE INDEX outbox_due ON outbox (due_at) WHERE done_at IS NULL;

CREATE TABLE outbox_attempts (
  outbox_id   uuid        NOT NULL REFERENCES outbox (id),
  attempt     int         NOT NULL CHECK (attempt >= 1),
  at          timestamptz NOT NULL DEFAULT now(),
  status      int,
  latency_ms  int         NOT NULL CHECK (latency_ms >= 0),
  error       text        CHECK (length(error) <= 1000),
  PRIMARY KEY (outbox_id, attempt)
);
