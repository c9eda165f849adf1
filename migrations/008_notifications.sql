-- Notifications to players who are not connected (docs/correspondence.md).
--
-- Where a user hears: at most one e-mail address and one webhook each. An
-- e-mail address is used once its owner has typed the code mailed to it
-- (confirmed = 1), so that nobody can have the server mail a stranger.
-- unsubscribe is the random token every notice to that address carries: it
-- removes the address without signing in.
CREATE TABLE notify_targets (
  id              INTEGER PRIMARY KEY,
  user_id         INTEGER NOT NULL REFERENCES users(id),
  channel         TEXT NOT NULL CHECK (channel IN ('email', 'webhook')),
  address         TEXT NOT NULL,      -- the e-mail address, or the webhook's URL
  format          TEXT NOT NULL DEFAULT '' CHECK (format IN ('', 'json', 'discord', 'slack')),
  confirmed       INTEGER NOT NULL DEFAULT 0,
  confirm_code    TEXT NOT NULL DEFAULT '',
  confirm_expires INTEGER NOT NULL DEFAULT 0,
  confirm_tries   INTEGER NOT NULL DEFAULT 0,
  unsubscribe     TEXT NOT NULL UNIQUE,
  created_at      INTEGER NOT NULL,
  UNIQUE (user_id, channel)
);

-- What a user hears about (a bit per NoticeKind; no row: the defaults), and
-- whether also while connected (always = 1) or only while away.
CREATE TABLE notify_settings (
  user_id INTEGER PRIMARY KEY REFERENCES users(id),
  kinds   INTEGER NOT NULL,
  always  INTEGER NOT NULL DEFAULT 0
);

-- The outbox: one row per notice and address, written in the transaction
-- that records what it tells of, so that a crash or a restart loses none. The
-- courier sends what is due, and on failure tries again later (attempts,
-- next_attempt) until it gives up (given_up = 1, last_error says why).
CREATE TABLE notify_outbox (
  id           INTEGER PRIMARY KEY,
  target_id    INTEGER NOT NULL REFERENCES notify_targets(id) ON DELETE CASCADE,
  kind         TEXT NOT NULL,
  game_id      INTEGER NOT NULL,  -- 0: none (a confirmation, a test)
  subject      TEXT NOT NULL,
  body         TEXT NOT NULL,
  created_at   INTEGER NOT NULL,
  next_attempt INTEGER NOT NULL,
  attempts     INTEGER NOT NULL DEFAULT 0,
  last_error   TEXT NOT NULL DEFAULT '',
  sent_at      INTEGER,
  given_up     INTEGER NOT NULL DEFAULT 0
);

CREATE INDEX notify_outbox_due ON notify_outbox(next_attempt)
  WHERE sent_at IS NULL AND given_up = 0;

-- Reminders of a deadline already made, so that each goes once: per game,
-- step, deadline (an extension gives new reminders) and lead (seconds before
-- the deadline).
CREATE TABLE deadline_reminders (
  game_id  INTEGER NOT NULL,
  step     INTEGER NOT NULL,
  deadline INTEGER NOT NULL,
  lead     INTEGER NOT NULL,
  PRIMARY KEY (game_id, step, deadline, lead)
);

-- When the current step's deadline was last set (the step began, or a pause,
-- resume or extension changed it): a reminder `lead` before the deadline is
-- made only when the deadline was set more than `lead` ahead. NULL for games
-- stored before this migration: their reminders are made when due.
ALTER TABLE games ADD COLUMN deadline_set_at INTEGER;
