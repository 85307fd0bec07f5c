-- Issue 25, item 3: lists an agent can grow are read a page at a time, in a
-- keyset order (newest first, the id breaking ties; or by a unique name).
-- Each index below holds that order whole, so a page is an index range
-- scan of `first` + 1 rows however many the owner has.

-- agents(first, after): the owner's agents, newest first.
CREATE INDEX agents_by_owner ON agents (tenant_id, owner_id, created_at DESC, id DESC);

-- authorities(first, after): the owner's, or the agent's own, newest first.
DROP INDEX authorities_by_owner;
CREATE INDEX authorities_by_owner ON authorities (tenant_id, owner_id, created_at DESC, id DESC);
DROP INDEX authorities_by_agent;
CREATE INDEX authorities_by_agent ON authorities (tenant_id, agent_id, created_at DESC, id DESC);

-- ownerTokens(first, after): the owner's tokens, newest first.
DROP INDEX owner_tokens_owner;
CREATE INDEX owner_tokens_owner ON owner_tokens (tenant_id, owner_id, created_at DESC, id DESC);

-- signOffRules(first, after): the owner's rules, newest first.
DROP INDEX sign_off_rules_by_owner;
CREATE INDEX sign_off_rules_by_owner ON sign_off_rules (tenant_id, owner_id, created_at DESC, id DESC);

-- signingKeys(first, after): the tenant's keys, newest first.
CREATE INDEX signing_keys_by_created ON signing_keys (tenant_id, created_at DESC, key_id DESC);

-- manifestVersions(name, first, after): a name's versions, newest published first.
CREATE INDEX manifests_by_published ON manifests (tenant_id, name, published_at DESC, version DESC);

-- The publish rate (COUNTERSIGN_MAX_PUBLISHES_PER_AGENT_PER_HOUR) counts an agent's last hour.
CREATE INDEX manifests_by_publisher ON manifests (tenant_id, published_by, published_at);

-- repositories(first, after) is served by repositories_live_name (tenant_id, owner_id, name) WHERE deleted_at IS NULL,
-- which also serves the live count under COUNTERSIGN_MAX_REPOSITORIES_PER_OWNER; manifestNames by the primary key.
