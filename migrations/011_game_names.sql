-- A game's name, as its creator gave it (CreateGameRequest.name): shown in
-- the lists of games and on its page. Empty: the game has none, and is named
-- by its number, as every game stored before this migration is.
ALTER TABLE games ADD COLUMN name TEXT NOT NULL DEFAULT '';
