-- The tamper-evident decision log (docs/audit.md). Each tenant has one hash
-- chain: every decision, rule approval, rule creation and revocation,
-- authority issue and revocation and agent revocation appends one entry in
-- the transaction of the act. hash = SHA-256(prev_hash ‖ entry), entry being
-- the canonical JSON text kept here byte for byte, so anyone holding an
-- export recomputes the chain without trusting this database.

-- The chain's head: the one row every append of a tenant locks (SELECT …
-- FOR NO KEY UPDATE), so concurrent appends serialise and never fork.
CREATE TABLE audit_heads (
  tenant_id  uuid   NOT NULL REFERENCES tenants (id),
  seq        bigint NOT NULL CHECK (seq >= 0),
  hash       text   NOT NULL CHECK (hash ~ '^[0-9a-f]{64}$'),
  PRIMARY KEY (tenant_id)
);

-- Every tenant has its head from its creation, at seq 0 with the genesis
-- hash (an empty chain): an append only ever updates it, so it never inserts
-- a row whose key check would lock the tenant, and a head row missing is a
-- deletion verify reports.
INSERT INTO audit_heads (tenant_id, seq, hash) SELECT id, 0, repeat('0', 64) FROM tenants;
CREATE FUNCTION audit_head_for_new_tenant() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO audit_heads (tenant_id, seq, hash) VALUES (NEW.id, 0, repeat('0', 64));
  RETURN NULL;
END;
$$;
CREATE TRIGGER tenants_audit_head AFTER INSERT ON tenants FOR EACH ROW EXECUTE FUNCTION audit_head_for_new_tenant();

-- A head only moves forward, one entry at a time, and is never removed:
-- winding it back (to hide a cut tail) fails loudly.
CREATE FUNCTION audit_heads_forward_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.tenant_id = OLD.tenant_id AND NEW.seq = OLD.seq + 1 THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'audit heads only move forward, one entry at a time (% refused)', TG_OP USING ERRCODE = 'restrict_violation';
END;
$$;
CREATE TRIGGER audit_heads_forward_only BEFORE UPDATE OR DELETE ON audit_heads
  FOR EACH ROW EXECUTE FUNCTION audit_heads_forward_only();

CREATE TABLE audit_entries (
  tenant_id  uuid        NOT NULL,
  -- 1, 2, 3 … with no gap: the head's seq + 1, under the head's lock.
  seq        bigint      NOT NULL CHECK (seq >= 1),
  prev_hash  text        NOT NULL CHECK (prev_hash ~ '^[0-9a-f]{64}$'),
  hash       text        NOT NULL CHECK (hash ~ '^[0-9a-f]{64}$'),
  -- The canonical JSON the hash covers: {actor, at, detail, kind, seq, subject, tenantId, v}.
  entry      text        NOT NULL CHECK (length(entry) <= 65536),
  -- Read from the hashed text, never written apart from it: what the log shows is what the chain covers.
  kind       text        NOT NULL GENERATED ALWAYS AS ((entry::jsonb) ->> 'kind') STORED,
  actor      text        NOT NULL GENERATED ALWAYS AS ((entry::jsonb) ->> 'actor') STORED,
  subject    text        NOT NULL GENERATED ALWAYS AS ((entry::jsonb) ->> 'subject') STORED,
  detail     jsonb       NOT NULL GENERATED ALWAYS AS ((entry::jsonb) -> 'detail') STORED,
  -- The entry's "at" (a text → timestamptz cast cannot be a generated column); verify compares the two.
  at         timestamptz NOT NULL,
  PRIMARY KEY (tenant_id, seq),
  FOREIGN KEY (tenant_id) REFERENCES audit_heads (tenant_id)
);

-- Entries are appended, never changed: a bug that tried fails loudly. (An
-- operator with the database's keys can drop this trigger; the signed heads
-- kept off the box are what catch that.)
CREATE FUNCTION audit_entries_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit entries are append-only' USING ERRCODE = 'restrict_violation';
END;
$$;
CREATE TRIGGER audit_entries_append_only BEFORE UPDATE OR DELETE ON audit_entries
  FOR EACH ROW EXECUTE FUNCTION audit_entries_append_only();

-- TRUNCATE fires no row trigger: each audit table refuses it by a statement
-- trigger of its own (a TRUNCATE … CASCADE reaching one fails too).
CREATE FUNCTION audit_no_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only: TRUNCATE refused', TG_TABLE_NAME USING ERRCODE = 'restrict_violation';
END;
$$;
CREATE TRIGGER audit_entries_no_truncate BEFORE TRUNCATE ON audit_entries FOR EACH STATEMENT EXECUTE FUNCTION audit_no_truncate();
CREATE TRIGGER audit_heads_no_truncate BEFORE TRUNCATE ON audit_heads FOR EACH STATEMENT EXECUTE FUNCTION audit_no_truncate();

-- The audit signing keys (Ed25519), apart from the approval keys: the
-- private half sealed under COUNTERSIGN_SECRET_KEY; a rotation retires the
-- active key and adds one, and never deletes a key, so every head ever
-- signed stays verifiable.
CREATE TABLE audit_keys (
  kid         text        NOT NULL PRIMARY KEY,
  -- The raw 32-byte public key, base64url.
  public_key  text        NOT NULL CHECK (public_key ~ '^[A-Za-z0-9_-]{43}$'),
  private_key text        NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  retired_at  timestamptz
);
CREATE UNIQUE INDEX audit_keys_one_active ON audit_keys ((true)) WHERE retired_at IS NULL;

CREATE FUNCTION audit_keys_keep() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' OR NEW.kid <> OLD.kid OR NEW.public_key <> OLD.public_key OR NEW.created_at <> OLD.created_at THEN
    RAISE EXCEPTION 'audit keys are never removed or changed, only retired' USING ERRCODE = 'restrict_violation';
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER audit_keys_keep BEFORE UPDATE OR DELETE ON audit_keys FOR EACH ROW EXECUTE FUNCTION audit_keys_keep();

-- A chain head signed with an audit key: at most one per head (a head that
-- has not moved is not signed again).
CREATE TABLE audit_signed_heads (
  tenant_id  uuid        NOT NULL,
  seq        bigint      NOT NULL CHECK (seq >= 1),
  hash       text        NOT NULL CHECK (hash ~ '^[0-9a-f]{64}$'),
  kid        text        NOT NULL REFERENCES audit_keys (kid),
  signed_at  timestamptz NOT NULL,
  -- Ed25519 over the canonical statement (docs/audit.md, rule L4), base64url.
  signature  text        NOT NULL CHECK (signature ~ '^[A-Za-z0-9_-]{86}$'),
  -- No key into audit_entries: a signed head is evidence kept apart from the chain it vouches for.
  PRIMARY KEY (tenant_id, seq),
  FOREIGN KEY (tenant_id) REFERENCES audit_heads (tenant_id)
);
CREATE INDEX audit_signed_heads_latest ON audit_signed_heads (tenant_id, signed_at DESC);

-- Signed heads are evidence: added, never changed or removed.
CREATE FUNCTION audit_signed_heads_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit signed heads are append-only' USING ERRCODE = 'restrict_violation';
END;
$$;
CREATE TRIGGER audit_signed_heads_append_only BEFORE UPDATE OR DELETE ON audit_signed_heads
  FOR EACH ROW EXECUTE FUNCTION audit_signed_heads_append_only();
CREATE TRIGGER audit_signed_heads_no_truncate BEFORE TRUNCATE ON audit_signed_heads FOR EACH STATEMENT EXECUTE FUNCTION audit_no_truncate();

-- Each signed head goes off the box as AUDIT_HEAD_SIGNED to every owner of
-- the tenant, written by the insert itself (as rule N1 of
-- docs/notifications.md writes every event), under an id derived from the head.
CREATE FUNCTION audit_head_signed_notification_event() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO outbox (id, tenant_id, channel, target, payload, give_up_at, event_id, event, event_at)
  SELECT gen_random_uuid(), NEW.tenant_id, 'event', o.id::text,
         json_build_object('type', 'AUDIT_HEAD_SIGNED', 'ownerId', o.id, 'seq', NEW.seq)::text,
         now() + interval '7 days', md5(NEW.tenant_id::text || NEW.seq::text || o.id::text || 'AUDIT_HEAD_SIGNED')::uuid,
         'AUDIT_HEAD_SIGNED', clock_timestamp()
    FROM owners o
   WHERE o.tenant_id = NEW.tenant_id
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END;
$$;
CREATE TRIGGER audit_signed_heads_notify AFTER INSERT ON audit_signed_heads
  FOR EACH ROW EXECUTE FUNCTION audit_head_signed_notification_event();

-- Owners may subscribe endpoints and inboxes to it.
ALTER TABLE webhook_endpoints DROP CONSTRAINT webhook_endpoints_events_check;
ALTER TABLE webhook_endpoints ADD CONSTRAINT webhook_endpoints_events_check CHECK (cardinality(events) BETWEEN 1 AND 8 AND events <@ ARRAY[
  'SIGN_OFF_REQUESTED', 'SIGN_OFF_DECIDED', 'SIGN_OFF_FINISHED', 'SIGN_OFF_EXPIRING',
  'AUTHORITY_LOW', 'AUTHORITY_EXHAUSTED', 'AGENT_REVOKED', 'AUDIT_HEAD_SIGNED']::text[]);
ALTER TABLE email_preferences DROP CONSTRAINT email_preferences_event_check;
ALTER TABLE email_preferences ADD CONSTRAINT email_preferences_event_check CHECK (event IN ('SIGN_OFF_REQUESTED', 'SIGN_OFF_DECIDED', 'SIGN_OFF_FINISHED',
  'SIGN_OFF_EXPIRING', 'AUTHORITY_LOW', 'AUTHORITY_EXHAUSTED', 'AGENT_REVOKED', 'AUDIT_HEAD_SIGNED'));
