-- Issue 16, approve and remember (docs/sign-offs.md, rule S19): an owner's
-- standing rule approves an agent's later requests for one operation whose
-- input fits its constraints, up to a cap and until an end, in the asking
-- transaction. The cap is a counter carried in the row, so CHECK (>= 0)
-- makes approving past it impossible, not merely unlikely (the same
-- discipline as an authority's balance).
CREATE TABLE sign_off_rules (
  tenant_id      uuid        NOT NULL,
  id             uuid        NOT NULL,
  owner_id       uuid        NOT NULL,
  agent_id       uuid        NOT NULL,
  op             text        NOT NULL,
  -- A defined operation's version the rule was made for (null: a built-in):
  -- a later version may mean something else by the same fields.
  op_version     int         CHECK (op_version >= 1),
  -- Null: any of the owner's repositories (or an operation on none).
  repository_id  uuid,
  -- The top-level fields the operation's schema declared: an input with any
  -- other field is not covered, so "any value" never reaches a field the
  -- owner was not shown.
  fields         text[]      NOT NULL,
  -- [{field, equals} | {field, oneOf: [...]} | {field, atMost: n} | {field, prefix: s}]
  constraints    jsonb       NOT NULL CHECK (jsonb_typeof(constraints) = 'array'),
  max_approvals  int         NOT NULL CHECK (max_approvals BETWEEN 1 AND 1000),
  remaining      int         NOT NULL CHECK (remaining >= 0),
  ends_at        timestamptz NOT NULL,
  created_at     timestamptz NOT NULL DEFAULT now(),
  revoked_at     timestamptz,
  revoke_reason  text        CHECK (length(revoke_reason) BETWEEN 1 AND 500),
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, owner_id) REFERENCES owners (tenant_id, id),
  FOREIGN KEY (tenant_id, agent_id) REFERENCES agents (tenant_id, id),
  FOREIGN KEY (tenant_id, repository_id) REFERENCES repositories (tenant_id, id),
  CHECK (remaining <= max_approvals),
  CHECK (ends_at > created_at AND ends_at <= created_at + interval '30 days'),
  CHECK ((revoked_at IS NULL) = (revoke_reason IS NULL))
);
-- The asking transaction's look for the agent's live rules of one operation.
CREATE INDEX sign_off_rules_live ON sign_off_rules (tenant_id, agent_id, op) WHERE revoked_at IS NULL AND remaining > 0;
CREATE INDEX sign_off_rules_by_owner ON sign_off_rules (tenant_id, owner_id, created_at);

-- Which rule approved a request; null for an owner's own decision.
ALTER TABLE sign_offs ADD COLUMN approved_by_rule uuid;
ALTER TABLE sign_offs ADD FOREIGN KEY (tenant_id, approved_by_rule) REFERENCES sign_off_rules (tenant_id, id);
ALTER TABLE sign_offs ADD CHECK (approved_by_rule IS NULL OR decided_at IS NOT NULL);
CREATE INDEX sign_offs_by_rule ON sign_offs (tenant_id, approved_by_rule) WHERE approved_by_rule IS NOT NULL;
