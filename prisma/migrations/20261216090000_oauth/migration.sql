-- Issue 29 item 2 (docs/oauth.md): OAuth 2.1 for MCP hosts, served by
-- oidc-provider, its state kept here so every instance shares it.
--
-- An artefact is stored under the SHA-256 of its id, never the id: for an
-- access or refresh token, an authorization code or a provider session the id
-- *is* the secret (rule OA3). The payload keeps no copy of it (`jti` is
-- restored from the id the caller presented).

-- What belongs to no agent yet: dynamically registered clients, interactions
-- before the owner picked an agent, replay records. Like setup_tokens, these
-- rows come before any tenant (docs/tenancy.md, rule T1's exceptions).
CREATE TABLE oauth_unbound (
  kind        text        NOT NULL CHECK (length(kind) BETWEEN 1 AND 60),
  id_hash     text        NOT NULL CHECK (id_hash ~ '^[0-9a-f]{64}$'),
  payload     jsonb       NOT NULL CHECK (jsonb_typeof(payload) = 'object'),
  uid         text,
  -- NULL: kept until deleted (a client some agent's grant uses).
  expires_at  timestamptz,
  created_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (kind, id_hash)
);
CREATE INDEX oauth_unbound_expiry ON oauth_unbound (expires_at) WHERE expires_at IS NOT NULL;

-- What an owner's consent bound to one agent: grants, codes, tokens and
-- provider sessions. Keyed by tenant first (rule T1); deleting the agent
-- deletes them, and revoking it refuses them (the agent is joined on use).
CREATE TABLE oauth_bound (
  tenant_id   uuid        NOT NULL,
  kind        text        NOT NULL CHECK (length(kind) BETWEEN 1 AND 60),
  id_hash     text        NOT NULL CHECK (id_hash ~ '^[0-9a-f]{64}$'),
  agent_id    uuid        NOT NULL,
  grant_id    text,
  uid         text,
  payload     jsonb       NOT NULL CHECK (jsonb_typeof(payload) = 'object'),
  expires_at  timestamptz,
  consumed_at timestamptz,
  -- A CIBA request's sign-off (docs/oauth.md, OA7): the request the backchannel asked for.
  sign_off_id uuid,
  -- When a client last polled for it, for slow_down.
  polled_at   timestamptz,
  created_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, kind, id_hash),
  FOREIGN KEY (tenant_id, agent_id) REFERENCES agents (tenant_id, id) ON DELETE CASCADE,
  FOREIGN KEY (tenant_id, sign_off_id) REFERENCES sign_offs (tenant_id, id) ON DELETE CASCADE
);
-- An artefact is found by its id alone (the provider does not know the tenant).
CREATE UNIQUE INDEX oauth_bound_by_id ON oauth_bound (kind, id_hash);
CREATE INDEX oauth_bound_by_grant ON oauth_bound (grant_id) WHERE grant_id IS NOT NULL;
CREATE INDEX oauth_bound_by_uid ON oauth_bound (uid) WHERE uid IS NOT NULL;
CREATE INDEX oauth_bound_expiry ON oauth_bound (expires_at) WHERE expires_at IS NOT NULL;

-- Dynamic client registrations per client address, for the bound of 100 an
-- hour (rule OA2); rows older than the hour are swept.
CREATE TABLE oauth_registrations (
  address     text        NOT NULL CHECK (length(address) BETWEEN 1 AND 100),
  at          timestamptz NOT NULL DEFAULT clock_timestamp(),
  id          bigint      GENERATED ALWAYS AS IDENTITY,
  PRIMARY KEY (address, at, id)
);

-- The provider's signing key (ID tokens) and cookie-signing key, made at
-- first use and sealed under COUNTERSIGN_SECRET_KEY, shared by every instance. One row.
CREATE TABLE oauth_keys (
  id          smallint    PRIMARY KEY CHECK (id = 1),
  signing_jwk text        NOT NULL,
  cookie_key  text        NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);
