-- Several servers on one database (docs/scaling.md).
--
-- Every change of a game bumps its version, in the transaction that stores
-- the change, and only if the version is still the one the change was made
-- against (Tables::fence_game): a server whose copy of the game is older
-- than the database cannot write it. A table of its own, so that an order
-- does not rewrite the game's row; a game without a row is at version 0.
CREATE TABLE game_versions (
  game_id BIGINT PRIMARY KEY REFERENCES games(id),
  version BIGINT NOT NULL
);

-- The token buckets that must hold across servers (what users send each
-- other, log-in and sign-up throttles; base/throttle.h): tokens in
-- billionths, times in Unix milliseconds. `full_at` is when the bucket has
-- filled up again, after which its row says nothing and is swept.
CREATE TABLE rate_buckets (
  key     TEXT COLLATE "C" PRIMARY KEY,
  tokens  BIGINT NOT NULL,
  at      BIGINT NOT NULL,
  full_at BIGINT NOT NULL
);
CREATE INDEX rate_buckets_full ON rate_buckets(full_at);

-- A notice in a courier's hands (NoticeTables::claim_due_notices): the
-- database session of the server that holds it (NULL: nobody). A notice
-- held by a session that has ended (its server died) is free again at once.
ALTER TABLE notify_outbox ADD COLUMN claimed_by BIGINT;
