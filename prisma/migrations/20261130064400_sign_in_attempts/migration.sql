-- Sign-in attempts, counted before the password is checked (so parallel
-- guesses cannot all be evaluated) in three kinds of 15-minute window:
--   ADDRESS_FROM_CLIENT  one address typed from one client: refused above 10;
--   CLIENT               every address from one client: refused above 50;
--   ADDRESS              one address from every client: never refused, only
--                        slowed, so nobody can lock an owner out.
-- An attempt that is refused or succeeds is given back, so the counts are
-- failed guesses plus those still being checked. Keyed by the address typed
-- (known or not: the limiter must not reveal which addresses exist); not
-- tenant-owned, since sign-in happens before any tenant is known.
DROP TABLE sign_in_failures;

CREATE TABLE sign_in_attempts (
  kind              text        NOT NULL CHECK (kind IN ('ADDRESS_FROM_CLIENT', 'CLIENT', 'ADDRESS')),
  email             text        NOT NULL CHECK (length(email) <= 320),
  client            text        NOT NULL CHECK (length(client) <= 64),
  attempts          integer     NOT NULL CHECK (attempts >= 0),
  window_started_at timestamptz NOT NULL,
  PRIMARY KEY (kind, email, client),
  CHECK (kind <> 'CLIENT' OR email = ''),
  CHECK (kind <> 'ADDRESS' OR client = '')
);

-- The sweep forgets windows that are over.
CREATE INDEX sign_in_attempts_window ON sign_in_attempts (window_started_at);
