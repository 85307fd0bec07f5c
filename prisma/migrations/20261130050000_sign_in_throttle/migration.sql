-- Failed sign-ins per email address, so a password cannot be guessed at
-- speed from any number of instances. Keyed by the address typed (known or
-- not: the limiter must not reveal which addresses exist); not tenant-owned,
-- since sign-in happens before any tenant is known.
CREATE TABLE sign_in_failures (
  email             text        PRIMARY KEY CHECK (length(email) <= 320),
  failures          integer     NOT NULL CHECK (failures >= 1),
  window_started_at timestamptz NOT NULL
);
