-- The sign-off whose approval granted an authority (an authority.grant
-- deed), so the console can lead from the authority back to what the owner
-- approved. Recorded as a reference rather than read from the `grant-<id>`
-- form of the id: an owner may issue any id, that one included. Null for an
-- authority the owner issued directly. Written with the terms, and like them
-- never changed (the immutability trigger covers the whole row).
ALTER TABLE authorities ADD COLUMN sign_off_id uuid;
ALTER TABLE authorities ADD FOREIGN KEY (tenant_id, sign_off_id) REFERENCES sign_offs (tenant_id, id);
-- Grants issued before this migration are found by the deed's id, the one
-- place the link was kept; the backfill is the only update terms ever get.
ALTER TABLE authorities DISABLE TRIGGER authorities_immutable;
UPDATE authorities a SET sign_off_id = s.id
  FROM sign_offs s
 WHERE a.sign_off_id IS NULL AND s.tenant_id = a.tenant_id AND s.owner_id = a.owner_id AND s.agent_id = a.agent_id
   AND s.op = 'authority.grant' AND a.id = 'grant-' || s.id::text;
ALTER TABLE authorities ENABLE TRIGGER authorities_immutable;
