-- Replacement players. A seat whose orders were defaulted at `disorder_after`
-- deadlines in a row is in civil disorder and offered to a new player (0:
-- never). Games stored before this migration never chose: they get 0, and
-- keep playing as they did.
ALTER TABLE games ADD COLUMN disorder_after INTEGER NOT NULL DEFAULT 0;

-- Deadlines in a row at which the seat had to order and its orders were
-- defaulted; back to 0 when it orders, or when a new player takes it over.
ALTER TABLE seats ADD COLUMN missed_deadlines INTEGER NOT NULL DEFAULT 0;

-- The seats' history: every change of a seat's player, numbered by the
-- SeatReplaced event that told the players. Who held a seat when is the
-- seats row (the player now) and these rows back from it; a seat with none
-- was held by one player from the start.
CREATE TABLE replacements (
  game_id   INTEGER NOT NULL REFERENCES games(id),
  seq       INTEGER NOT NULL,                    -- the SeatReplaced event
  seat      INTEGER NOT NULL,
  old_user  INTEGER NOT NULL REFERENCES users(id),
  new_user  INTEGER NOT NULL REFERENCES users(id),
  at        INTEGER NOT NULL,
  by_admin  INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (game_id, seq)
);

-- The administrator may replace a seat's player (naumachia-admin replace
-- GAME SEAT USER): the queue takes a seat and a user. SQLite cannot change a
-- CHECK constraint, so the table is made anew with its rows.
CREATE TABLE admin_requests_new (
  id           INTEGER PRIMARY KEY,
  game_id      INTEGER NOT NULL,
  action       TEXT NOT NULL CHECK (action IN ('pause', 'resume', 'extend', 'replace')),
  seconds      INTEGER NOT NULL DEFAULT 0,   -- extend: the time to add
  seat         INTEGER NOT NULL DEFAULT 0,   -- replace: the seat
  user_id      INTEGER NOT NULL DEFAULT 0,   -- replace: the new player
  requested_at INTEGER NOT NULL,
  done_at      INTEGER,                      -- NULL while waiting for the server
  outcome      TEXT NOT NULL DEFAULT ''      -- 'applied', or 'refused: why'
);
INSERT INTO admin_requests_new(id, game_id, action, seconds, requested_at, done_at, outcome)
  SELECT id, game_id, action, seconds, requested_at, done_at, outcome FROM admin_requests;
DROP TABLE admin_requests;
ALTER TABLE admin_requests_new RENAME TO admin_requests;
CREATE INDEX admin_requests_waiting ON admin_requests(id) WHERE done_at IS NULL;
