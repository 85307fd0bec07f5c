-- Sign-offs: repositories (what deeds act on), the tokens minted for them, and
-- agents' requests for their owner's sign-off. The rules that must hold with
-- many API instances live here, as constraints and indexes.

CREATE TABLE repositories (
  tenant_id   uuid        NOT NULL,
  id          uuid        NOT NULL,
  owner_id    uuid        NOT NULL,
  name        text        NOT NULL CHECK (name ~ '^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$'),
  -- A new random identity every time a repository is created: a request
  -- asked about one repository must never reach its namesake successor.
  code        text        NOT NULL UNIQUE,
  state       text        NOT NULL DEFAULT 'serving' CHECK (state IN ('serving', 'unserved')),
  created_at  timestamptz NOT NULL DEFAULT now(),
  deleted_at  timestamptz,
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, owner_id) REFERENCES owners (tenant_id, id)
);
-- Deletion is a mark, so requests keep naming what they were about; a name
-- is unique among the owner's live repositories only.
CREATE UNIQUE INDEX repositories_live_name ON repositories (tenant_id, owner_id, name) WHERE deleted_at IS NULL;

CREATE TABLE sign_offs (
  tenant_id        uuid        NOT NULL,
  id               uuid        NOT NULL,
  agent_id         uuid        NOT NULL,
  owner_id         uuid        NOT NULL,
  op               text        NOT NULL,
  repository_id    uuid        NOT NULL,
  -- The repository's code when asked; execution refuses a different one.
  repository_code  text        NOT NULL,
  -- The exact canonical JSON that runs, and its SHA-256 (hex).
  input            text        NOT NULL,
  input_hash       text        NOT NULL CHECK (input_hash ~ '^[0-9a-f]{64}$'),
  summary          text        NOT NULL CHECK (length(summary) BETWEEN 1 AND 200),
  reason           text        CHECK (length(reason) <= 2000),
  state            text        NOT NULL DEFAULT 'pending'
                   CHECK (state IN ('pending', 'approved', 'succeeded', 'failed', 'denied', 'expired', 'withdrawn')),
  requested_at     timestamptz NOT NULL DEFAULT now(),
  decided_at       timestamptz,
  note             text        CHECK (length(note) <= 2000),
  finished_at      timestamptz,
  result           jsonb,
  failure          text,
  -- The secret part of the result: only the asking agent reads it, once.
  secret           text,
  secret_state     text        NOT NULL DEFAULT 'none' CHECK (secret_state IN ('none', 'waiting', 'taken', 'lapsed')),
  -- Ids of the credentials the request minted, kept only while its secret
  -- waits, so an uncollected one can be revoked and a collected one never is.
  lapse_refs       jsonb,
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, agent_id) REFERENCES agents (tenant_id, id),
  FOREIGN KEY (tenant_id, owner_id) REFERENCES owners (tenant_id, id),
  FOREIGN KEY (tenant_id, repository_id) REFERENCES repositories (tenant_id, id),
  CHECK ((state = 'pending') = (decided_at IS NULL)),
  CHECK ((state IN ('succeeded', 'failed')) = (finished_at IS NOT NULL)),
  CHECK ((secret_state = 'waiting') = (secret IS NOT NULL)),
  CHECK (lapse_refs IS NULL OR secret_state = 'waiting')
);
-- One open request per (agent, op, repository, canonical input): a retry
-- finds the one waiting instead of adding a second.
CREATE UNIQUE INDEX sign_offs_one_open ON sign_offs (tenant_id, agent_id, op, repository_id, input_hash) WHERE state = 'pending';
CREATE INDEX sign_offs_by_owner ON sign_offs (tenant_id, owner_id, state, requested_at);
CREATE INDEX sign_offs_by_agent ON sign_offs (tenant_id, agent_id, state);
CREATE INDEX sign_offs_pending_age ON sign_offs (requested_at) WHERE state = 'pending';
CREATE INDEX sign_offs_unfinished ON sign_offs (decided_at) WHERE state = 'approved';
CREATE INDEX sign_offs_waiting_secrets ON sign_offs (decided_at) WHERE secret_state = 'waiting';

CREATE TABLE repository_tokens (
  tenant_id       uuid        NOT NULL,
  id              uuid        NOT NULL,
  repository_id   uuid        NOT NULL,
  -- The request that minted it, when one did.
  sign_off_id     uuid,
  scopes          text[]      NOT NULL CHECK (cardinality(scopes) > 0 AND scopes <@ ARRAY['read', 'write']),
  token_hash      text        NOT NULL UNIQUE,
  created_at      timestamptz NOT NULL DEFAULT now(),
  expires_at      timestamptz NOT NULL,
  revoked_at      timestamptz,
  revoked_reason  text,
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, repository_id) REFERENCES repositories (tenant_id, id),
  FOREIGN KEY (tenant_id, sign_off_id) REFERENCES sign_offs (tenant_id, id),
  CHECK ((revoked_at IS NULL) = (revoked_reason IS NULL))
);
CREATE INDEX repository_tokens_by_sign_off ON repository_tokens (tenant_id, sign_off_id);
