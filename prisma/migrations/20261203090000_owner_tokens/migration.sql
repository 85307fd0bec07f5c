-- Owner API tokens (docs/owner-tokens.md): an owner's scripts act for them
-- without a browser. Keyed by tenant first like every tenant-owned table
-- (docs/tenancy.md T1); only the token's SHA-256 is kept, as for agent keys.
CREATE TABLE owner_tokens (
  tenant_id    uuid        NOT NULL,
  id           uuid        NOT NULL,
  owner_id     uuid        NOT NULL,
  name         text        NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  -- What the token may do: read; read and decide sign-offs; everything a session may.
  scope        text        NOT NULL CHECK (scope IN ('READ', 'DECIDE', 'ADMIN')),
  -- The token's first characters, so an owner can tell tokens apart; not a secret.
  token_prefix text        NOT NULL,
  token_hash   text        NOT NULL UNIQUE,
  created_at   timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz,
  revoked_at   timestamptz,
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, owner_id) REFERENCES owners (tenant_id, id) ON DELETE CASCADE
);
CREATE INDEX owner_tokens_owner ON owner_tokens (tenant_id, owner_id, created_at DESC);
