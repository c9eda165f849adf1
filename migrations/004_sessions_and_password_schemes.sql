-- How each password hash was made, so that the work factor can be raised:
-- "pbkdf2-sha256:ITERATIONS". Accounts stored before this migration were
-- hashed with 100,000 iterations; a log-in under a weaker scheme than the
-- server's current one re-hashes the password and stores the new scheme.
ALTER TABLE users ADD COLUMN pw_scheme TEXT NOT NULL DEFAULT 'pbkdf2-sha256:100000';

-- Sessions expire: idle (last_used) and absolute (created_at) limits are the
-- server's settings. "Log out everywhere" deletes a user's rows, and expired
-- rows are deleted periodically.
CREATE INDEX sessions_user ON sessions(user_id);
CREATE INDEX sessions_last_used ON sessions(last_used);
CREATE INDEX sessions_created ON sessions(created_at);
