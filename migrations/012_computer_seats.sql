-- The computer as a seat's player (docs/computer.md). A game's creator may
-- let the computer take over a seat offered to a new player (civil disorder,
-- or resigned while its side plays on); games stored before this migration
-- never chose, and keep playing as they did.
ALTER TABLE games ADD COLUMN computer_takes_over INTEGER NOT NULL DEFAULT 0;

-- Every time the computer played a seat, numbered by the ComputerSeat event
-- that began it: from its first step (1 for a seat chosen at creation) until
-- the step a person took the seat back in (NULL while it plays), which
-- another ComputerSeat event tells. A seat chosen at creation has no seats
-- row: nobody else sits there.
CREATE TABLE computer_seats (
  game_id    INTEGER NOT NULL REFERENCES games(id),
  seq        INTEGER NOT NULL,
  seat       INTEGER NOT NULL,
  from_step  INTEGER NOT NULL,
  until_step INTEGER,
  PRIMARY KEY (game_id, seq)
);
CREATE INDEX computer_seats_playing ON computer_seats(game_id) WHERE until_step IS NULL;
