-- Standing authorities: capped spend an owner grants one of their agents,
-- drawn on atomically and idempotently by dispatch key.

-- The terms, written once. A change is a new authority and both stay on
-- record, so the table refuses updates outright rather than trusting code.
CREATE TABLE authorities (
  tenant_id              uuid        NOT NULL,
  id                     text        NOT NULL CHECK (id ~ '^[A-Za-z0-9][A-Za-z0-9._:-]{0,99}$'),
  agent_id               uuid        NOT NULL,
  owner_id               uuid        NOT NULL,
  name                   text        NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  -- Canonical JSON of every term: an identical re-issue compares equal.
  terms                  text        NOT NULL,
  ceiling_tokens         bigint      CHECK (ceiling_tokens >= 0),
  ceiling_minor_units    bigint      CHECK (ceiling_minor_units >= 0),
  currency               text        CHECK (currency ~ '^[A-Z]{3}$'),
  ceiling_draws          bigint      CHECK (ceiling_draws >= 0),
  per_draw_tokens        bigint      CHECK (per_draw_tokens > 0),
  per_draw_minor_units   bigint      CHECK (per_draw_minor_units > 0),
  not_before             timestamptz,
  not_after              timestamptz,
  created_at             timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, agent_id) REFERENCES agents (tenant_id, id),
  FOREIGN KEY (tenant_id, owner_id) REFERENCES owners (tenant_id, id),
  CHECK (ceiling_tokens IS NOT NULL OR ceiling_minor_units IS NOT NULL OR ceiling_draws IS NOT NULL),
  CHECK ((currency IS NULL) = (ceiling_minor_units IS NULL)),
  CHECK (per_draw_minor_units IS NULL OR currency IS NOT NULL),
  CHECK (not_before IS NULL OR not_after IS NULL OR not_before < not_after)
);
CREATE INDEX authorities_by_owner ON authorities (tenant_id, owner_id, created_at);
CREATE INDEX authorities_by_agent ON authorities (tenant_id, agent_id, created_at);

CREATE FUNCTION authorities_are_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'standing authority terms never change; issue a new authority instead';
END $$;
CREATE TRIGGER authorities_immutable BEFORE UPDATE ON authorities
  FOR EACH ROW EXECUTE FUNCTION authorities_are_immutable();

-- What has been drawn and what is left. Remaining counters carry the ceiling
-- into the row, so a CHECK (>= 0) makes overdrawing impossible, not merely
-- unlikely: a bug in a draw fails its transaction instead of overspending.
CREATE TABLE authority_balances (
  tenant_id                  uuid        NOT NULL,
  authority_id               text        NOT NULL,
  drawn_tokens               bigint      NOT NULL DEFAULT 0 CHECK (drawn_tokens >= 0),
  drawn_minor_units          bigint      NOT NULL DEFAULT 0 CHECK (drawn_minor_units >= 0),
  draws                      bigint      NOT NULL DEFAULT 0 CHECK (draws >= 0),
  remaining_tokens           bigint      CHECK (remaining_tokens >= 0),
  remaining_minor_units      bigint      CHECK (remaining_minor_units >= 0),
  remaining_draws            bigint      CHECK (remaining_draws >= 0),
  -- A flag, not a sentinel time, so no instant can be mistaken for "live".
  revoked                    boolean     NOT NULL DEFAULT false,
  revoked_at                 timestamptz,
  revoke_reason              text,
  PRIMARY KEY (tenant_id, authority_id),
  FOREIGN KEY (tenant_id, authority_id) REFERENCES authorities (tenant_id, id),
  CHECK (revoked = (revoked_at IS NOT NULL)),
  CHECK (revoked = (revoke_reason IS NOT NULL))
);

-- One row per draw, keyed by its dispatch key: a second draw under the same
-- key cannot be inserted, so a retry can never spend twice.
CREATE TABLE authority_receipts (
  tenant_id              uuid        NOT NULL,
  authority_id           text        NOT NULL,
  dispatch_key           text        NOT NULL CHECK (length(dispatch_key) BETWEEN 1 AND 255),
  tokens                 bigint      NOT NULL CHECK (tokens >= 0),
  minor_units            bigint      NOT NULL CHECK (minor_units >= 0),
  remaining_tokens       bigint      CHECK (remaining_tokens >= 0),
  remaining_minor_units  bigint      CHECK (remaining_minor_units >= 0),
  remaining_draws        bigint      CHECK (remaining_draws >= 0),
  ordinal                bigint      NOT NULL CHECK (ordinal >= 1),
  drawn_at               timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, authority_id, dispatch_key),
  UNIQUE (tenant_id, authority_id, ordinal),
  FOREIGN KEY (tenant_id, authority_id) REFERENCES authorities (tenant_id, id)
);

-- authority.grant asks for an authority, not a deed on a repository: a
-- request may now name no repository. Requests without one still have one
-- open request per (agent, op, input), so NULLs must not be distinct.
ALTER TABLE sign_offs ALTER COLUMN repository_id DROP NOT NULL;
ALTER TABLE sign_offs ALTER COLUMN repository_code DROP NOT NULL;
ALTER TABLE sign_offs ADD CHECK ((repository_id IS NULL) = (repository_code IS NULL));
DROP INDEX sign_offs_one_open;
CREATE UNIQUE INDEX sign_offs_one_open ON sign_offs (tenant_id, agent_id, op, repository_id, input_hash) NULLS NOT DISTINCT WHERE state = 'pending';
