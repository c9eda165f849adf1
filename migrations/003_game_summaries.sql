-- The seats that must order in the current step, space-separated ("0 3 5"),
-- written with the position, so that a list of games needs no game's state.
-- NULL for games written before this migration: the server then reads it from
-- the state once.
ALTER TABLE games ADD COLUMN to_order TEXT;

-- "My games" looks seats up by user.
CREATE INDEX seats_user ON seats(user_id);
