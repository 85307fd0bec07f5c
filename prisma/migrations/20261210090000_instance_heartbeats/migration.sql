-- Issue 17, part 3 (docs/deploy.md): every running API process records a
-- heartbeat, so `pnpm countersign status` can say which instances are alive
-- and whether each one's LISTEN bus is connected. Not tenant-owned: a row is
-- a process of the deployment, not anyone's data. Rows a day old are swept.
CREATE TABLE instance_heartbeats (
  id            uuid PRIMARY KEY,
  hostname      text NOT NULL,
  pid           integer NOT NULL,
  version       text NOT NULL,
  started_at    timestamptz(6) NOT NULL,
  last_seen_at  timestamptz(6) NOT NULL DEFAULT now(),
  bus_connected boolean NOT NULL
);

-- status lists the last minute's instances; the sweep drops the day-old ones.
CREATE INDEX instance_heartbeats_last_seen ON instance_heartbeats (last_seen_at);
