-- Every change of a game bumps its version, in the transaction that stores
-- the change, and only if the version is still the one the change was made
-- against (Tables::fence_game): a server whose copy of the game is older
-- than the database cannot write it. One SQLite server never meets another
-- writer; PostgreSQL's several servers do (docs/scaling.md). A table of its
-- own, so that an order does not rewrite the game's row, state and all; a
-- game without a row is at version 0.
CREATE TABLE game_versions (
  game_id INTEGER PRIMARY KEY REFERENCES games(id),
  version INTEGER NOT NULL
);

-- A notice in a courier's hands (NoticeTables::claim_due_notices): who holds
-- it (NULL: nobody). A server that starts again on its file gives back what
-- it held when it stopped.
ALTER TABLE notify_outbox ADD COLUMN claimed_by INTEGER;
