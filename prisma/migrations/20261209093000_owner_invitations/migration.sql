-- Owner invitations (docs/tenancy.md, rule T10) and owner-to-owner sign-offs
-- (docs/sign-offs.md, the two-person rule's own changes).

-- An owner joins a tenant by a link another owner of it created: single use,
-- 72 hours. Only the token's SHA-256 is kept, as for setup tokens; the hash
-- is unique across tenants, so accepting it names the tenant.
CREATE TABLE owner_invitations (
  tenant_id          uuid        NOT NULL,
  id                 uuid        NOT NULL,
  invited_by         uuid        NOT NULL,
  -- A label for the inviting owners ("for Dana"), never shown to the invitee's address.
  note               text        CHECK (length(note) BETWEEN 1 AND 200),
  token_hash         text        NOT NULL UNIQUE CHECK (token_hash ~ '^[0-9a-f]{64}$'),
  created_at         timestamptz NOT NULL DEFAULT now(),
  expires_at         timestamptz NOT NULL,
  accepted_at        timestamptz,
  -- The owner the invitation created. Deferred: the claim names the new
  -- owner's id before the owner row is written, in the same transaction.
  accepted_owner_id  uuid,
  revoked_at         timestamptz,
  -- The owner-to-owner sign-off a second owner approved to create it, when one did.
  sign_off_id        uuid,
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, invited_by) REFERENCES owners (tenant_id, id),
  FOREIGN KEY (tenant_id, accepted_owner_id) REFERENCES owners (tenant_id, id) DEFERRABLE INITIALLY DEFERRED,
  FOREIGN KEY (tenant_id, sign_off_id) REFERENCES sign_offs (tenant_id, id),
  CHECK (expires_at > created_at),
  CHECK ((accepted_at IS NULL) = (accepted_owner_id IS NULL)),
  CHECK (accepted_at IS NULL OR revoked_at IS NULL)
);
CREATE INDEX owner_invitations_by_tenant ON owner_invitations (tenant_id, created_at DESC);

-- An owner may file a request for a second owner's approval: the changes
-- that would weaken the two-person rule (tenant.changePolicy lowering
-- approvalsRequired, tenant.inviteOwner). Such a request has no agent, and
-- only those operations have none, so no agent can ever ask for one and no
-- owner can file anything else.
ALTER TABLE sign_offs ALTER COLUMN agent_id DROP NOT NULL;
ALTER TABLE sign_offs ADD CONSTRAINT sign_offs_owner_filed_ops
  CHECK ((agent_id IS NULL) = (op IN ('tenant.changePolicy', 'tenant.inviteOwner')));
ALTER TABLE sign_offs ADD CONSTRAINT sign_offs_owner_filed_server
  CHECK (agent_id IS NOT NULL OR (runner = 'server' AND repository_id IS NULL AND op_version IS NULL));
-- An owner-filed request always needs a second owner: its proposer's own
-- approval is recorded as the first (sign_off_approvals), never the last.
ALTER TABLE sign_offs ADD CONSTRAINT sign_offs_owner_filed_two_person CHECK (agent_id IS NOT NULL OR approvals_required = 2);

-- `tenant.` names Countersign's owner-to-owner operations: no owner defines one
-- (docs/operations.md, O1; the same rule as RESERVED_PREFIXES).
ALTER TABLE operations ADD CONSTRAINT operations_op_not_tenant CHECK (op !~ '^tenant\.');
