-- When the owner last proved their password in this session (signing in,
-- or reauthenticate): approving a HIGH-risk request needs it within the last
-- 10 minutes (docs/sign-offs.md, S17), so a stolen session cookie alone
-- cannot approve the dangerous things. Sessions open before this count from
-- their sign-in.
ALTER TABLE sessions ADD COLUMN authenticated_at timestamptz;
UPDATE sessions SET authenticated_at = created_at;
ALTER TABLE sessions ALTER COLUMN authenticated_at SET NOT NULL, ALTER COLUMN authenticated_at SET DEFAULT now();
