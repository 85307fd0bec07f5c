-- The spine: tenants, owners and their sessions, agents, first-owner setup.
-- Every tenant-owned table's primary key leads with tenant_id, and foreign keys
-- carry it too, so a row can never point into another tenant.

CREATE TABLE tenants (
  id          uuid        PRIMARY KEY,
  slug        text        NOT NULL UNIQUE CHECK (slug ~ '^[a-z0-9][a-z0-9-]{0,62}$'),
  name        text        NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
  created_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE owners (
  tenant_id      uuid        NOT NULL REFERENCES tenants (id),
  id             uuid        NOT NULL,
  -- Sign-in is by email alone, so an address names one owner across tenants.
  email          text        NOT NULL UNIQUE CHECK (email = lower(email) AND length(email) BETWEEN 3 AND 320),
  password_hash  text        NOT NULL,
  created_at     timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id)
);

CREATE TABLE sessions (
  tenant_id    uuid        NOT NULL,
  id           uuid        NOT NULL,
  owner_id     uuid        NOT NULL,
  -- SHA-256 of the cookie's secret; the secret itself is never stored.
  token_hash   text        NOT NULL UNIQUE,
  created_at   timestamptz NOT NULL DEFAULT now(),
  expires_at   timestamptz NOT NULL,
  ended_at     timestamptz,
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, owner_id) REFERENCES owners (tenant_id, id) ON DELETE CASCADE,
  CHECK (expires_at > created_at)
);
CREATE INDEX sessions_expiry ON sessions (expires_at);

CREATE TABLE agents (
  tenant_id   uuid        NOT NULL,
  id          uuid        NOT NULL,
  owner_id    uuid        NOT NULL,
  name        text        NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  -- The key's first characters, so an owner can tell keys apart; not a secret.
  key_prefix  text        NOT NULL,
  key_hash    text        NOT NULL UNIQUE,
  created_at  timestamptz NOT NULL DEFAULT now(),
  revoked_at  timestamptz,
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, owner_id) REFERENCES owners (tenant_id, id)
);
-- A name identifies a live agent to its owner; a revoked agent frees its name.
CREATE UNIQUE INDEX agents_live_name ON agents (tenant_id, owner_id, name) WHERE revoked_at IS NULL;

-- One-time links that let the very first owner be created from the console.
-- Not tenant-owned: they exist before any tenant does.
CREATE TABLE setup_tokens (
  token_hash  text        PRIMARY KEY,
  created_at  timestamptz NOT NULL DEFAULT now(),
  expires_at  timestamptz NOT NULL,
  used_at     timestamptz
);
