-- Vegas Host storage, version 9: your-turn messages. A person may ask for a direct message
-- whenever a game waits for them (`/vegas notify on`), in every server alike.

CREATE TABLE notify (
    user_id     INTEGER PRIMARY KEY,
    -- 1: send them; 0: not (turned off, or Discord refused: their DMs are closed).
    enabled     INTEGER NOT NULL CHECK (enabled IN (0, 1)),
    updated_at  TEXT    NOT NULL
) WITHOUT ROWID;

-- The people each game waits for now, since it began to: a waiting spell. A person is told
-- (once) when their row is added; it goes when the game stops waiting for them.
CREATE TABLE waiting_spells (
    game_id  INTEGER NOT NULL REFERENCES games (id),
    user_id  INTEGER NOT NULL,
    PRIMARY KEY (game_id, user_id)
) WITHOUT ROWID;
