-- Issue 28 item 4 (docs/deploy.md, "Connection budget"): each heartbeat says
-- how many PostgreSQL connections its process may hold at worst, and whether
-- it is draining, so a starting instance can add up the live instances'
-- connections against max_connections. NULL: a process of an older version,
-- which did not say (the check names how many it could not count).
ALTER TABLE instance_heartbeats
  ADD COLUMN connections_max integer CHECK (connections_max > 0),
  ADD COLUMN draining boolean NOT NULL DEFAULT false;
