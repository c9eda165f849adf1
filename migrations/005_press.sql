-- Press: the messages players send each other in a game. Every game records
-- at creation what press it allows (full: public and private messages;
-- public: public messages only; none: no messages, "gunboat") and whether its
-- private messages stay private once it is over (private_press = 1) or are
-- declassified with everything else. Games stored before this migration get
-- full press, declassified at the end.
ALTER TABLE games ADD COLUMN press TEXT NOT NULL DEFAULT 'full'
  CHECK (press IN ('full', 'public', 'none'));
ALTER TABLE games ADD COLUMN private_press INTEGER NOT NULL DEFAULT 0;

-- One row per message. A message belongs to a channel: its audience, "all"
-- for public press or "seats 0 2 5" for the sender and the addressees of a
-- private one (Audience::text()). Messages are numbered within their channel,
-- never across the game: every reader of a channel reads all of it, so the
-- numbers tell nobody that messages they may not read exist. `id` orders the
-- messages of all channels and is never shown.
CREATE TABLE messages (
  id         INTEGER PRIMARY KEY,
  game_id    INTEGER NOT NULL REFERENCES games(id),
  channel    TEXT NOT NULL,
  number     INTEGER NOT NULL,
  from_seat  INTEGER NOT NULL,
  from_user  INTEGER NOT NULL REFERENCES users(id),
  step       INTEGER NOT NULL,   -- the game's step when it was sent (0 while open)
  sent_at    INTEGER NOT NULL,
  body       TEXT NOT NULL,
  UNIQUE (game_id, channel, number)
);
