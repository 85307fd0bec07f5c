-- Issue 26, item 9: History says who decided. An approval names its owner
-- (`sign_off_approvals` for a request needing two; the request's own owner,
-- who alone decides one needing one); a denial now names the owner who gave
-- it, since any owner of the tenant may deny a request needing two (S20).
ALTER TABLE sign_offs ADD COLUMN denied_by uuid;
ALTER TABLE sign_offs ADD FOREIGN KEY (tenant_id, denied_by) REFERENCES owners (tenant_id, id);
ALTER TABLE sign_offs ADD CONSTRAINT sign_offs_denied_by_denied CHECK (denied_by IS NULL OR state = 'denied');

-- Denials before this column: the tamper-evident log names who denied each
-- (`signoff.denied`, actor `owner:<id>`); one needing one approval was its owner's.
UPDATE sign_offs s SET denied_by = substring(a.actor FROM 7)::uuid
  FROM audit_entries a
 WHERE s.state = 'denied' AND a.tenant_id = s.tenant_id AND a.kind = 'signoff.denied'
   AND a.subject = 'signoff:' || s.id::text AND a.actor LIKE 'owner:%';
UPDATE sign_offs SET denied_by = owner_id WHERE state = 'denied' AND denied_by IS NULL AND approvals_required = 1;
