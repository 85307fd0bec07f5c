-- Issue 16, denial cool-down (docs/sign-offs.md, rule S18): an agent asking
-- again for exactly what its owner just denied is answered RECENTLY_DENIED
-- for ten minutes. The ask looks for that denial under its agent lock; this
-- index keeps that look to the agent's own recent denials of the same input.
CREATE INDEX sign_offs_recent_denials ON sign_offs (tenant_id, agent_id, op, input_hash, decided_at DESC) WHERE state = 'denied';
