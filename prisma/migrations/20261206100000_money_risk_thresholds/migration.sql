-- An owner's money thresholds (docs/sign-offs.md, S15): an agent's request
-- whose input carries a money object ({minorUnits, currency}) above the
-- owner's threshold for that currency is HIGH risk when it is stored. One
-- threshold per currency, in that currency's minor units; a currency without
-- one never raises. Per owner, as everything an owner decides is (T3).
CREATE TABLE money_risk_thresholds (
  tenant_id    uuid   NOT NULL,
  owner_id     uuid   NOT NULL,
  currency     text   NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
  minor_units  bigint NOT NULL CHECK (minor_units BETWEEN 0 AND 9007199254740991),
  PRIMARY KEY (tenant_id, owner_id, currency),
  FOREIGN KEY (tenant_id, owner_id) REFERENCES owners (tenant_id, id)
);
