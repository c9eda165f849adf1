-- Pauses and extensions of a step's deadline. A paused game takes orders but
-- resolves nothing; its deadline clock stops, the time it had left kept in
-- paused_remaining (NULL when the step has no deadline), and restarts on
-- resume. paused: '' (running), 'agreed' (by every player), 'admin' (by the
-- server's administrator, who alone resumes it).
ALTER TABLE games ADD COLUMN paused TEXT NOT NULL DEFAULT ''
  CHECK (paused IN ('', 'agreed', 'admin'));
ALTER TABLE games ADD COLUMN paused_remaining INTEGER;

-- An extension proposal's time to add, in seconds (0 for other kinds).
ALTER TABLE proposals ADD COLUMN seconds INTEGER NOT NULL DEFAULT 0;

-- What the administrator asked of a game with naumachia-admin (pause, resume,
-- extend). The server is the one writer of a game while it runs: the admin
-- tool queues a request here, the server applies it within a second (or when
-- it next starts) in the same transaction that changes the game, and records
-- what came of it.
CREATE TABLE admin_requests (
  id           INTEGER PRIMARY KEY,
  game_id      INTEGER NOT NULL,
  action       TEXT NOT NULL CHECK (action IN ('pause', 'resume', 'extend')),
  seconds      INTEGER NOT NULL DEFAULT 0,   -- extend: the time to add
  requested_at INTEGER NOT NULL,
  done_at      INTEGER,                      -- NULL while waiting for the server
  outcome      TEXT NOT NULL DEFAULT ''      -- 'applied', or 'refused: why'
);

CREATE INDEX admin_requests_waiting ON admin_requests(id) WHERE done_at IS NULL;
