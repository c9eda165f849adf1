-- Proposals the players of a game make each other: a draw, a concession. A
-- proposal needs every seat in `voters` to accept; it is open until they all
-- have (carried), one refuses, its proposer withdraws it, or it lapses (its
-- step resolved, a seat resigned, the game ended). Its history is in the
-- events table; this table holds where each proposal stands.
CREATE TABLE proposals (
  game_id   INTEGER NOT NULL REFERENCES games(id),
  id        INTEGER NOT NULL,            -- 1, 2, 3 ... per game
  kind      TEXT NOT NULL,               -- 'draw', 'concession'
  proposer  INTEGER NOT NULL,            -- seat
  sides     TEXT NOT NULL DEFAULT '',    -- draw: the drawing sides; concession: the side conceded to
  step      INTEGER NOT NULL,            -- the step it was made in
  voters    TEXT NOT NULL,               -- space-separated seats whose acceptance it needs
  accepted  TEXT NOT NULL,               -- space-separated seats that have accepted
  state     TEXT NOT NULL
            CHECK (state IN ('open', 'carried', 'refused', 'withdrawn', 'lapsed')),
  made_at   INTEGER NOT NULL,
  closed_at INTEGER,                     -- NULL while open
  PRIMARY KEY (game_id, id)
);

CREATE INDEX proposals_open ON proposals(game_id) WHERE state = 'open';
