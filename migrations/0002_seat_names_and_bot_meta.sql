-- Vegas Host storage, version 2: players' display names on seats, and a small key-value
-- table for the bot's own bookkeeping (e.g. the fingerprint of its registered commands).

ALTER TABLE seats ADD COLUMN name TEXT;

CREATE TABLE bot_meta (
    key    TEXT PRIMARY KEY,
    value  TEXT NOT NULL
) WITHOUT ROWID;
