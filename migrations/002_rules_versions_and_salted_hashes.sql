-- Every game records the version of its module's rules it was created under
-- and plays and replays under it for its whole life. Games stored before this
-- migration were all created under version 1 of their module.
ALTER TABLE games ADD COLUMN rules_version INTEGER NOT NULL DEFAULT 1;

-- How state hashes are made: 1 = SHA-256 of the canonical state (games stored
-- before this migration); 2 = HMAC-SHA256 keyed with the game's state salt,
-- derived from the secret dice seed and revealed with it, so that a hash sent
-- to players is no oracle for hidden state. The genesis record of a scheme-2
-- game also binds the rules version.
ALTER TABLE games ADD COLUMN hash_scheme INTEGER NOT NULL DEFAULT 1;

-- The sides that won, as space-separated side numbers (games.winners keeps
-- the winning seats). Victory is decided on sides.
ALTER TABLE games ADD COLUMN winning_sides TEXT NOT NULL DEFAULT '';
