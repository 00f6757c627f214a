-- Vegas Host storage on PostgreSQL, version 2 (twin of ../0002_seat_names_and_bot_meta.sql).

ALTER TABLE seats ADD COLUMN name TEXT;

CREATE TABLE bot_meta (
    key    TEXT PRIMARY KEY,
    value  TEXT NOT NULL
);
