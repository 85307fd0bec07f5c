-- Notifications (docs/notifications.md): an owner is told of what happens to
-- their requests, authorities and agents through webhook endpoints, email and
-- push. Everything travels through the outbox: an `event` row is written in
-- the transaction of the change it announces, and fanning it out writes one
-- row per endpoint, inbox or device, each delivered at least once under the
-- event's stable id.

ALTER TABLE outbox DROP CONSTRAINT outbox_channel_check;
ALTER TABLE outbox ADD CONSTRAINT outbox_channel_check CHECK (channel IN ('webhook', 'event', 'endpoint', 'email', 'digest', 'push'));
-- The event a notification row carries: the id receivers de-duplicate by
-- (webhook-id, Message-ID, push tag), and its name.
ALTER TABLE outbox ADD COLUMN event_id uuid;
ALTER TABLE outbox ADD COLUMN event text CHECK (length(event) <= 40);
-- When the event happened (a reminder: when it falls due); deliveries of one
-- request to one target go out in this order.
ALTER TABLE outbox ADD COLUMN event_at timestamptz;
ALTER TABLE outbox ADD CONSTRAINT outbox_notification_rows CHECK ((channel = 'webhook') = (event_id IS NULL) AND (event_id IS NULL) = (event IS NULL) AND (event IS NULL) = (event_at IS NULL));
-- The first bytes of the receiver's answer, shown with the attempt (a failure's are in `error`).
ALTER TABLE outbox_attempts ADD COLUMN response text CHECK (length(response) <= 1000);
DROP INDEX outbox_one_per_sign_off;
CREATE UNIQUE INDEX outbox_one_per_sign_off ON outbox (tenant_id, sign_off_id) WHERE channel = 'webhook';
-- An event is written once and reaches each target once, however often the
-- statement or the fan-out that writes it is retried.
CREATE UNIQUE INDEX outbox_event_once ON outbox (tenant_id, event_id, channel, target) WHERE event_id IS NOT NULL;
-- Finds an earlier undelivered notification of the same request (order per request).
CREATE INDEX outbox_open_by_sign_off ON outbox (tenant_id, sign_off_id, event_at) WHERE done_at IS NULL AND event_id IS NOT NULL;
CREATE INDEX outbox_by_target ON outbox (tenant_id, channel, target, created_at) WHERE event_id IS NOT NULL;
-- The sweep's way to notification rows done long ago (WEBHOOK-operation rows stay for good).
CREATE INDEX outbox_done_notifications ON outbox (done_at) WHERE event_id IS NOT NULL AND done_at IS NOT NULL;

CREATE TABLE webhook_endpoints (
  tenant_id        uuid        NOT NULL,
  id               uuid        NOT NULL,
  owner_id         uuid        NOT NULL,
  url              text        NOT NULL CHECK (length(url) BETWEEN 1 AND 2048),
  format           text        NOT NULL CHECK (format IN ('standard', 'slack')),
  events           text[]      NOT NULL CHECK (cardinality(events) BETWEEN 1 AND 7 AND events <@ ARRAY[
                     'SIGN_OFF_REQUESTED', 'SIGN_OFF_DECIDED', 'SIGN_OFF_FINISHED', 'SIGN_OFF_EXPIRING',
                     'AUTHORITY_LOW', 'AUTHORITY_EXHAUSTED', 'AGENT_REVOKED']::text[]),
  description      text        CHECK (length(description) <= 500),
  -- The signing secret, sealed (AES-256-GCM under COUNTERSIGN_SECRET_KEY);
  -- after a rotation the previous one also signs until previous_until.
  secret           text        NOT NULL,
  previous_secret  text,
  previous_until   timestamptz,
  created_at       timestamptz NOT NULL DEFAULT now(),
  disabled_at      timestamptz,
  disabled_reason  text        CHECK (length(disabled_reason) <= 500),
  -- The first failed attempt since the last success; 3 days of it disable the endpoint.
  failing_since    timestamptz,
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, owner_id) REFERENCES owners (tenant_id, id),
  CHECK ((disabled_at IS NULL) = (disabled_reason IS NULL)),
  CHECK ((previous_secret IS NULL) = (previous_until IS NULL))
);
CREATE INDEX webhook_endpoints_by_owner ON webhook_endpoints (tenant_id, owner_id, created_at);

-- When an owner is emailed about each kind of event; no row: the default
-- (new requests and reminders at once, the rest off).
CREATE TABLE email_preferences (
  tenant_id       uuid NOT NULL,
  owner_id        uuid NOT NULL,
  event           text NOT NULL CHECK (event IN ('SIGN_OFF_REQUESTED', 'SIGN_OFF_DECIDED', 'SIGN_OFF_FINISHED', 'SIGN_OFF_EXPIRING',
                                                 'AUTHORITY_LOW', 'AUTHORITY_EXHAUSTED', 'AGENT_REVOKED')),
  mode            text NOT NULL CHECK (mode IN ('immediate', 'digest', 'off')),
  digest_minutes  int  CHECK (digest_minutes BETWEEN 5 AND 1440),
  PRIMARY KEY (tenant_id, owner_id, event),
  FOREIGN KEY (tenant_id, owner_id) REFERENCES owners (tenant_id, id),
  CHECK ((mode = 'digest') = (digest_minutes IS NOT NULL))
);

-- Events waiting for an owner's next digest email. A digest claims its
-- entries (digest_id) before its first attempt, so every attempt of it
-- sends the same entries under the same Message-ID.
CREATE TABLE email_digest_entries (
  tenant_id   uuid        NOT NULL,
  owner_id    uuid        NOT NULL,
  event_id    uuid        NOT NULL,
  event       text        NOT NULL CHECK (length(event) <= 40),
  -- The entry as rendered when the event was fanned out (JSON).
  entry       text        NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  digest_id   uuid,
  PRIMARY KEY (tenant_id, owner_id, event_id),
  FOREIGN KEY (tenant_id, owner_id) REFERENCES owners (tenant_id, id)
);
CREATE INDEX email_digest_entries_waiting ON email_digest_entries (tenant_id, owner_id, created_at) WHERE digest_id IS NULL;
-- At most one digest email waits per owner: later entries join it.
CREATE UNIQUE INDEX outbox_one_waiting_digest ON outbox (tenant_id, target) WHERE channel = 'digest' AND done_at IS NULL;

-- Browsers an owner asked to be notified on (Web Push subscriptions).
CREATE TABLE push_devices (
  tenant_id     uuid        NOT NULL,
  id            uuid        NOT NULL,
  owner_id      uuid        NOT NULL,
  name          text        NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  endpoint      text        NOT NULL CHECK (length(endpoint) BETWEEN 1 AND 2048),
  -- The subscription's public key and auth secret (base64url), which encrypt each message to it.
  p256dh        text        NOT NULL CHECK (length(p256dh) BETWEEN 1 AND 200),
  auth          text        NOT NULL CHECK (length(auth) BETWEEN 1 AND 100),
  created_at    timestamptz NOT NULL DEFAULT now(),
  last_used_at  timestamptz,
  PRIMARY KEY (tenant_id, id),
  UNIQUE (tenant_id, owner_id, endpoint),
  FOREIGN KEY (tenant_id, owner_id) REFERENCES owners (tenant_id, id)
);

-- The VAPID key pair every instance signs pushes with: made at first start,
-- the private half sealed under COUNTERSIGN_SECRET_KEY. One row.
CREATE TABLE vapid_keys (
  id           smallint    PRIMARY KEY CHECK (id = 1),
  public_key   text        NOT NULL,
  private_key  text        NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now()
);

-- Sign-off events, written by the change itself (the 7 days below are the
-- request window, SIGN_OFF_WINDOW in apps/api/src/signoffs/policy.ts): no path that asks, decides
-- or settles a request can forget to announce it, and a rolled-back change
-- announces nothing. The event id is derived from what happened, so the same
-- event is never written twice.
CREATE FUNCTION sign_off_notification_events() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  kinds text[] := ARRAY[]::text[];
  kind text;
BEGIN
  IF TG_OP = 'INSERT' THEN
    kinds := ARRAY['SIGN_OFF_REQUESTED'];
    -- The reminders, due 24 hours and 1 hour before the window closes; one
    -- finding its request no longer open tells no one.
    INSERT INTO outbox (id, tenant_id, channel, sign_off_id, target, payload, due_at, give_up_at, event_id, event, event_at)
    SELECT gen_random_uuid(), NEW.tenant_id, 'event', NEW.id, NEW.owner_id::text,
           json_build_object('type', 'SIGN_OFF_EXPIRING', 'ownerId', NEW.owner_id, 'signOffId', NEW.id, 'agentId', NEW.agent_id, 'hoursLeft', r.hours)::text,
           NEW.requested_at + interval '7 days' - r.ahead, NEW.requested_at + interval '7 days',
           md5(NEW.tenant_id::text || NEW.id::text || 'SIGN_OFF_EXPIRING' || r.hours)::uuid, 'SIGN_OFF_EXPIRING', NEW.requested_at + interval '7 days' - r.ahead
      FROM (VALUES (interval '24 hours', 24), (interval '1 hour', 1)) AS r (ahead, hours)
     WHERE NEW.state = 'pending' AND NEW.requested_at + interval '7 days' - r.ahead > now()
    ON CONFLICT DO NOTHING;
  ELSIF OLD.state IS DISTINCT FROM NEW.state THEN
    IF OLD.state = 'pending' AND NEW.state NOT IN ('expired', 'withdrawn') THEN
      kinds := kinds || 'SIGN_OFF_DECIDED'::text;
    END IF;
    -- Closed unanswered (its window passed, or its agent withdrew it or was
    -- revoked): no owner subscribes to this, but a device's notification of
    -- the request is closed by it.
    IF OLD.state = 'pending' AND NEW.state IN ('expired', 'withdrawn') THEN
      kinds := kinds || 'SIGN_OFF_CLOSED'::text;
    END IF;
    IF NEW.state IN ('succeeded', 'failed') THEN
      kinds := kinds || 'SIGN_OFF_FINISHED'::text;
    END IF;
  END IF;
  FOREACH kind IN ARRAY kinds LOOP
    INSERT INTO outbox (id, tenant_id, channel, sign_off_id, target, payload, give_up_at, event_id, event, event_at)
    VALUES (gen_random_uuid(), NEW.tenant_id, 'event', NEW.id, NEW.owner_id::text,
            json_build_object('type', kind, 'ownerId', NEW.owner_id, 'signOffId', NEW.id, 'agentId', NEW.agent_id, 'state', NEW.state)::text,
            now() + interval '7 days', md5(NEW.tenant_id::text || NEW.id::text || kind)::uuid, kind, clock_timestamp())
    ON CONFLICT DO NOTHING;
  END LOOP;
  RETURN NULL;
END;
$$;
CREATE TRIGGER sign_offs_notify AFTER INSERT OR UPDATE OF state ON sign_offs
  FOR EACH ROW EXECUTE FUNCTION sign_off_notification_events();

CREATE FUNCTION agent_revoked_notification_event() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO outbox (id, tenant_id, channel, target, payload, give_up_at, event_id, event, event_at)
  VALUES (gen_random_uuid(), NEW.tenant_id, 'event', NEW.owner_id::text,
          json_build_object('type', 'AGENT_REVOKED', 'ownerId', NEW.owner_id, 'agentId', NEW.id)::text,
          now() + interval '7 days', md5(NEW.tenant_id::text || NEW.id::text || 'AGENT_REVOKED')::uuid, 'AGENT_REVOKED', clock_timestamp())
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END;
$$;
CREATE TRIGGER agents_notify_revoked AFTER UPDATE OF revoked_at ON agents
  FOR EACH ROW WHEN (OLD.revoked_at IS NULL AND NEW.revoked_at IS NOT NULL) EXECUTE FUNCTION agent_revoked_notification_event();
