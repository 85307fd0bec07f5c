-- Issue 16, the two-person rule (docs/sign-offs.md, rule S20): an operation
-- may need two approvals from two different owners of the tenant. The first
-- moves the request to `partially_approved`, which is open like `pending`;
-- the second, by someone else, decides it as a single approval would.

-- How many approvals the request needs, fixed when it is stored (like its
-- risk): a later change of the operation's setting never moves a request
-- already asked.
ALTER TABLE sign_offs ADD COLUMN approvals_required smallint NOT NULL DEFAULT 1 CHECK (approvals_required IN (1, 2));

ALTER TABLE sign_offs DROP CONSTRAINT sign_offs_state_check;
ALTER TABLE sign_offs ADD CONSTRAINT sign_offs_state_check CHECK (
  state IN ('pending', 'partially_approved', 'approved', 'succeeded', 'failed', 'denied', 'expired', 'withdrawn',
            'awaiting_redeem', 'redeemed', 'delivering', 'lapsed')
  AND (state <> 'approved' OR runner = 'server')
  AND (state NOT IN ('awaiting_redeem', 'redeemed', 'lapsed') OR runner = 'agent')
  AND (state <> 'delivering' OR runner = 'webhook')
  AND ((state = 'redeemed') <= (redeemed_at IS NOT NULL))
  -- Only a request needing two approvals is ever half-approved.
  AND (state <> 'partially_approved' OR approvals_required = 2)
);
-- A first approval is not the decision: the request stays undecided until
-- the second approval, a denial, its window or its agent closes it.
-- (sign_offs_check is the CREATE TABLE's `CHECK ((state = 'pending') = (decided_at IS NULL))`.)
ALTER TABLE sign_offs DROP CONSTRAINT sign_offs_check;
ALTER TABLE sign_offs ADD CONSTRAINT sign_offs_undecided_open CHECK ((state IN ('pending', 'partially_approved')) = (decided_at IS NULL));

-- Open is waiting for a first or a second approval, or approved and not yet
-- redeemed: asking again for the same input returns that request (rule S2).
DROP INDEX sign_offs_one_open;
CREATE UNIQUE INDEX sign_offs_one_open ON sign_offs (tenant_id, agent_id, op, repository_id, input_hash) NULLS NOT DISTINCT
  WHERE state IN ('pending', 'partially_approved', 'awaiting_redeem');
-- The sweep's way to requests past their window (rule S5).
DROP INDEX sign_offs_pending_age;
CREATE INDEX sign_offs_pending_age ON sign_offs (requested_at) WHERE state IN ('pending', 'partially_approved');
-- The co-owners' inboxes: a two-person request is every owner's to read.
CREATE INDEX sign_offs_two_person ON sign_offs (tenant_id, state, requested_at) WHERE approvals_required = 2;

-- Who approved a two-person request, and when. One row per owner and
-- request: the key itself refuses a second approval by the same owner,
-- whatever the code does.
CREATE TABLE sign_off_approvals (
  tenant_id    uuid        NOT NULL,
  sign_off_id  uuid        NOT NULL,
  owner_id     uuid        NOT NULL,
  approved_at  timestamptz NOT NULL DEFAULT now(),
  note         text        CHECK (length(note) <= 2000),
  PRIMARY KEY (tenant_id, sign_off_id, owner_id),
  FOREIGN KEY (tenant_id, sign_off_id) REFERENCES sign_offs (tenant_id, id),
  FOREIGN KEY (tenant_id, owner_id) REFERENCES owners (tenant_id, id)
);

-- An owner's setting of how many approvals an operation's requests need;
-- no row: the default (2 for repository.delete and repository.transfer in a
-- tenant of more than one owner, else 1). Set for the tenant, by any owner.
CREATE TABLE operation_approval_policies (
  tenant_id           uuid        NOT NULL REFERENCES tenants (id),
  op                  text        NOT NULL CHECK (length(op) BETWEEN 1 AND 100),
  approvals_required  smallint    NOT NULL CHECK (approvals_required IN (1, 2)),
  set_by              uuid        NOT NULL,
  set_at              timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, op),
  FOREIGN KEY (tenant_id, set_by) REFERENCES owners (tenant_id, id)
);

-- The notification events (20261204090000_notifications), with the new
-- open state: a first approval announces nothing to the outbox (the request
-- is still undecided); the second approval or a denial is its decision; a
-- half-approved request closed unanswered is closed like a pending one. A
-- request needing two approvals is every owner's of the tenant to decide, so
-- each of its events goes to every owner (the request's own owner under the
-- event id it always had, each co-owner under one of their own).
CREATE OR REPLACE FUNCTION sign_off_notification_events() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  kinds text[] := ARRAY[]::text[];
  kind text;
BEGIN
  IF TG_OP = 'INSERT' THEN
    kinds := ARRAY['SIGN_OFF_REQUESTED'];
    -- The reminders, due 24 hours and 1 hour before the window closes; one
    -- finding its request no longer open tells no one.
    INSERT INTO outbox (id, tenant_id, channel, sign_off_id, target, payload, due_at, give_up_at, event_id, event, event_at)
    SELECT gen_random_uuid(), NEW.tenant_id, 'event', NEW.id, o.id::text,
           json_build_object('type', 'SIGN_OFF_EXPIRING', 'ownerId', o.id, 'signOffId', NEW.id, 'agentId', NEW.agent_id, 'hoursLeft', r.hours)::text,
           NEW.requested_at + interval '7 days' - r.ahead, NEW.requested_at + interval '7 days',
           md5(NEW.tenant_id::text || NEW.id::text || 'SIGN_OFF_EXPIRING' || r.hours || CASE WHEN o.id = NEW.owner_id THEN '' ELSE o.id::text END)::uuid,
           'SIGN_OFF_EXPIRING', NEW.requested_at + interval '7 days' - r.ahead
      FROM (VALUES (interval '24 hours', 24), (interval '1 hour', 1)) AS r (ahead, hours)
      JOIN owners o ON o.tenant_id = NEW.tenant_id AND (o.id = NEW.owner_id OR NEW.approvals_required = 2)
     WHERE NEW.state IN ('pending', 'partially_approved') AND NEW.requested_at + interval '7 days' - r.ahead > now()
    ON CONFLICT DO NOTHING;
  ELSIF OLD.state IS DISTINCT FROM NEW.state THEN
    IF OLD.state IN ('pending', 'partially_approved') AND NEW.state NOT IN ('expired', 'withdrawn', 'partially_approved') THEN
      kinds := kinds || 'SIGN_OFF_DECIDED'::text;
    END IF;
    -- Closed unanswered (its window passed, or its agent withdrew it or was
    -- revoked): no owner subscribes to this, but a device's notification of
    -- the request is closed by it.
    IF OLD.state IN ('pending', 'partially_approved') AND NEW.state IN ('expired', 'withdrawn') THEN
      kinds := kinds || 'SIGN_OFF_CLOSED'::text;
    END IF;
    IF NEW.state IN ('succeeded', 'failed') THEN
      kinds := kinds || 'SIGN_OFF_FINISHED'::text;
    END IF;
  END IF;
  FOREACH kind IN ARRAY kinds LOOP
    INSERT INTO outbox (id, tenant_id, channel, sign_off_id, target, payload, give_up_at, event_id, event, event_at)
    SELECT gen_random_uuid(), NEW.tenant_id, 'event', NEW.id, o.id::text,
           json_build_object('type', kind, 'ownerId', o.id, 'signOffId', NEW.id, 'agentId', NEW.agent_id, 'state', NEW.state)::text,
           now() + interval '7 days', md5(NEW.tenant_id::text || NEW.id::text || kind || CASE WHEN o.id = NEW.owner_id THEN '' ELSE o.id::text END)::uuid,
           kind, clock_timestamp()
      FROM owners o WHERE o.tenant_id = NEW.tenant_id AND (o.id = NEW.owner_id OR NEW.approvals_required = 2)
       -- An owner-to-owner request (no agent, 20261209093000_owner_invitations) is not announced to the owner
       -- who proposed it: they filed it and approved it already; the co-owners are asked.
       AND NOT (kind = 'SIGN_OFF_REQUESTED' AND NEW.agent_id IS NULL AND o.id = NEW.owner_id)
    ON CONFLICT DO NOTHING;
  END LOOP;
  RETURN NULL;
END;
$$;
