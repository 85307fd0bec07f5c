-- A value sealed under COUNTERSIGN_SECRET_KEY when the first server started
-- with it, opened by every start after: an instance given another key refuses
-- to start, naming the setting, instead of reporting ready and failing every
-- sealed read (issue 28 item 6). One row, ever.
CREATE TABLE sealing_canary (
  id          smallint    PRIMARY KEY DEFAULT 1 CHECK (id = 1),
  sealed      text        NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);
