-- The number a game's next event gets is read from its events (one past the
-- last), no longer kept in the games row: an order, which adds an event, then
-- writes its orders row and its event only, not the game's row with its whole
-- state. The events were always the record; the column only repeated them.
ALTER TABLE games DROP COLUMN next_event;
