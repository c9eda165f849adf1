-- Accounts, games, orders and the hash-chained history of every step.
-- Times are Unix seconds (UTC). Hashes are raw 32-byte SHA-256 blobs.

CREATE TABLE users (
  id          INTEGER PRIMARY KEY,
  name        TEXT NOT NULL UNIQUE COLLATE NOCASE,
  pw_salt     BLOB NOT NULL,
  pw_hash     BLOB NOT NULL,
  created_at  INTEGER NOT NULL
);

-- Tokens are stored hashed: a stolen database does not yield live sessions.
CREATE TABLE sessions (
  token_hash  BLOB PRIMARY KEY,
  user_id     INTEGER NOT NULL REFERENCES users(id),
  created_at  INTEGER NOT NULL,
  last_used   INTEGER NOT NULL
);

CREATE TABLE games (
  id               INTEGER PRIMARY KEY,
  game             TEXT NOT NULL,          -- module id, e.g. 'tyre'
  scenario         TEXT NOT NULL,          -- scenario id within the module
  players          INTEGER NOT NULL,
  created_by       INTEGER NOT NULL REFERENCES users(id),
  created_at       INTEGER NOT NULL,
  deadline_seconds INTEGER NOT NULL DEFAULT 0,
  seed             BLOB NOT NULL,          -- secret until the game is over
  seed_hash        BLOB NOT NULL,          -- shown to players from creation
  status           TEXT NOT NULL CHECK (status IN ('open', 'running', 'over')),
  step             INTEGER NOT NULL DEFAULT 0,   -- current step; 0 while open
  step_label       TEXT NOT NULL DEFAULT '',
  step_deadline    INTEGER,                -- NULL = none
  state            BLOB,                   -- canonical serialised state
  state_hash       BLOB,
  initial_hash     BLOB,                   -- hash of the initial state
  chain_hash       BLOB,                   -- record hash of the last step (or genesis)
  result           TEXT NOT NULL DEFAULT '',
  winners          TEXT NOT NULL DEFAULT '',  -- space-separated seats
  next_event       INTEGER NOT NULL DEFAULT 1
);

CREATE TABLE seats (
  game_id   INTEGER NOT NULL REFERENCES games(id),
  seat      INTEGER NOT NULL,
  user_id   INTEGER NOT NULL REFERENCES users(id),
  joined_at INTEGER NOT NULL,
  resigned  INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (game_id, seat),
  UNIQUE (game_id, user_id)
);

-- Orders of a seat for a step: the latest revision while the step is open;
-- after resolution, exactly what was played (defaulted = 1 when the server
-- supplied the game's default orders at the deadline).
CREATE TABLE orders (
  game_id    INTEGER NOT NULL REFERENCES games(id),
  step       INTEGER NOT NULL,
  seat       INTEGER NOT NULL,
  lines      TEXT NOT NULL,       -- canonical lines joined by '\n'
  nonce      BLOB NOT NULL,
  commitment BLOB NOT NULL,       -- SHA-256(nonce || lines)
  ready      INTEGER NOT NULL DEFAULT 0,
  defaulted  INTEGER NOT NULL DEFAULT 0,
  updated_at INTEGER NOT NULL,
  PRIMARY KEY (game_id, step, seat)
);

-- One row per resolved step. record_hash = SHA-256 of a canonical text of the
-- step (orders, nonces, rolls, events, resulting state hash) that begins with
-- prev_hash, so an edit anywhere in the history breaks the chain.
CREATE TABLE steps (
  game_id     INTEGER NOT NULL REFERENCES games(id),
  step        INTEGER NOT NULL,
  label       TEXT NOT NULL,
  rolls       TEXT NOT NULL,      -- one line per roll: 'd6 4 purpose'
  events      TEXT NOT NULL,      -- one line per event
  state_hash  BLOB NOT NULL,
  prev_hash   BLOB NOT NULL,
  record_hash BLOB NOT NULL,
  by_deadline INTEGER NOT NULL DEFAULT 0,
  resolved_at INTEGER NOT NULL,
  PRIMARY KEY (game_id, step)
);

-- Everything pushed to players, numbered per game, so a reconnecting client
-- resumes from the last number it saw. payload = serialised proto GameEvent.
CREATE TABLE events (
  game_id  INTEGER NOT NULL REFERENCES games(id),
  seq      INTEGER NOT NULL,
  payload  BLOB NOT NULL,
  PRIMARY KEY (game_id, seq)
);

CREATE INDEX games_status ON games(status, step_deadline);
