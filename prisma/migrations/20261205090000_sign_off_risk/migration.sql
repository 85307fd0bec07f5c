-- A request's risk is decided once, by the server, when the request is
-- stored (docs/sign-offs.md, S15): from its operation and its exact input.
-- Kept with the request, so the console, a batch decision and every reader
-- agree on it, and a later change of the operation's declared risk does not
-- move a request already asked.
ALTER TABLE sign_offs ADD COLUMN risk text, ADD COLUMN risk_reasons text[];

-- Requests stored before: their risk by the same rules; no reasons were recorded then.
UPDATE sign_offs s SET
  risk = CASE
    WHEN s.op IN ('repository.delete', 'repository.transfer', 'authority.grant') THEN 'high'
    WHEN s.op = 'repository.mintToken' AND ((s.input::jsonb -> 'scopes') ? 'write' OR (s.input::jsonb ->> 'ttlHours')::numeric > 24) THEN 'medium'
    WHEN s.op_version IS NULL THEN 'low'
    ELSE (SELECT CASE WHEN o.irreversible THEN 'high' ELSE o.risk END
            FROM operations o WHERE o.tenant_id = s.tenant_id AND o.op = s.op AND o.version = s.op_version)
  END,
  risk_reasons = '{}';

ALTER TABLE sign_offs
  ALTER COLUMN risk SET NOT NULL,
  ALTER COLUMN risk_reasons SET NOT NULL,
  ADD CONSTRAINT sign_offs_risk_check CHECK (risk IN ('low', 'medium', 'high')),
  ADD CONSTRAINT sign_offs_risk_reasons_check CHECK (cardinality(risk_reasons) <= 10);
