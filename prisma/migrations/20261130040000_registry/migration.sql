-- The manifest registry: (tenant, name, version) is written once, forever.

-- Ed25519 public keys owners register to attest manifests. The id is the
-- hex SHA-256 of the raw key, never chosen, so it cannot name another key.
CREATE TABLE signing_keys (
  tenant_id   uuid        NOT NULL,
  key_id      text        NOT NULL CHECK (key_id ~ '^[0-9a-f]{64}$'),
  owner_id    uuid        NOT NULL,
  name        text        NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  -- The raw 32-byte key, base64.
  public_key  text        NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  revoked_at  timestamptz,
  PRIMARY KEY (tenant_id, key_id),
  FOREIGN KEY (tenant_id, owner_id) REFERENCES owners (tenant_id, id)
);

CREATE TABLE manifests (
  tenant_id      uuid        NOT NULL,
  name           text        NOT NULL CHECK (name ~ '^[a-z0-9][a-z0-9._-]{0,99}$'),
  version        text        NOT NULL CHECK (version ~ '^[A-Za-z0-9][A-Za-z0-9.+_-]{0,63}$'),
  -- SHA-256 (hex) of the canonical JSON, the exact bytes published, and the canonical form.
  digest         text        NOT NULL CHECK (digest ~ '^[0-9a-f]{64}$'),
  content        text        NOT NULL,
  canonical      text        NOT NULL,
  format         text        NOT NULL CHECK (format IN ('json', 'yaml')),
  key_id         text,
  signature      text,
  published_at   timestamptz NOT NULL DEFAULT now(),
  published_by   text        NOT NULL,
  PRIMARY KEY (tenant_id, name, version),
  FOREIGN KEY (tenant_id, key_id) REFERENCES signing_keys (tenant_id, key_id),
  CHECK ((key_id IS NULL) = (signature IS NULL))
);

-- Written once: content never changes, a version is never deleted, and an
-- attestation can only be added to a version that has none.
CREATE FUNCTION manifests_are_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'manifest versions are never deleted';
  END IF;
  IF NEW.tenant_id <> OLD.tenant_id OR NEW.name <> OLD.name OR NEW.version <> OLD.version OR NEW.digest <> OLD.digest
     OR NEW.content <> OLD.content OR NEW.canonical <> OLD.canonical OR NEW.format <> OLD.format
     OR NEW.published_at <> OLD.published_at OR NEW.published_by <> OLD.published_by
     OR OLD.key_id IS NOT NULL THEN
    RAISE EXCEPTION 'manifest versions are immutable; only an attestation may be added to an unsigned one';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER manifests_immutable BEFORE UPDATE OR DELETE ON manifests
  FOR EACH ROW EXECUTE FUNCTION manifests_are_immutable();
