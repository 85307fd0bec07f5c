-- An authority id is the issuing owner's own reference, not a tenant-wide
-- name: another owner (of this tenant or any other) may use the same id for
-- an authority of theirs, and learns nothing from doing so. Before this, a
-- second owner issuing an id a colleague had used got TERMS_CONFLICT, which
-- told them that id existed. The key becomes (tenant, owner, id), and the
-- balance and receipts of an authority carry its owner so they reference
-- that key.

ALTER TABLE authority_balances ADD COLUMN owner_id uuid;
UPDATE authority_balances b SET owner_id = a.owner_id
  FROM authorities a WHERE a.tenant_id = b.tenant_id AND a.id = b.authority_id;
ALTER TABLE authority_balances ALTER COLUMN owner_id SET NOT NULL;

ALTER TABLE authority_receipts ADD COLUMN owner_id uuid;
UPDATE authority_receipts r SET owner_id = a.owner_id
  FROM authorities a WHERE a.tenant_id = r.tenant_id AND a.id = r.authority_id;
ALTER TABLE authority_receipts ALTER COLUMN owner_id SET NOT NULL;

ALTER TABLE authority_receipts DROP CONSTRAINT authority_receipts_tenant_id_authority_id_fkey;
ALTER TABLE authority_balances DROP CONSTRAINT authority_balances_tenant_id_authority_id_fkey;

ALTER TABLE authorities DROP CONSTRAINT authorities_pkey;
ALTER TABLE authorities ADD PRIMARY KEY (tenant_id, owner_id, id);

ALTER TABLE authority_balances DROP CONSTRAINT authority_balances_pkey;
ALTER TABLE authority_balances ADD PRIMARY KEY (tenant_id, owner_id, authority_id);
ALTER TABLE authority_balances ADD FOREIGN KEY (tenant_id, owner_id, authority_id) REFERENCES authorities (tenant_id, owner_id, id);

ALTER TABLE authority_receipts DROP CONSTRAINT authority_receipts_pkey;
ALTER TABLE authority_receipts DROP CONSTRAINT authority_receipts_tenant_id_authority_id_ordinal_key;
ALTER TABLE authority_receipts ADD PRIMARY KEY (tenant_id, owner_id, authority_id, dispatch_key);
ALTER TABLE authority_receipts ADD UNIQUE (tenant_id, owner_id, authority_id, ordinal);
ALTER TABLE authority_receipts ADD FOREIGN KEY (tenant_id, owner_id, authority_id) REFERENCES authorities (tenant_id, owner_id, id);
