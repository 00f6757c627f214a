-- Vegas Host storage, version 6: turn timers. While a game has a turn timer, the turn under
-- way has one row: when to remind the player (half the time) and when the turn runs out.
-- A row belongs to one turn; the next turn replaces it. (One row per game under way: no
-- index is needed to find the next one due.)

CREATE TABLE turn_timers (
    game_id     INTEGER PRIMARY KEY REFERENCES games (id),
    -- The turn (the engine's turn number) and the colour whose turn it is.
    turn        INTEGER NOT NULL CHECK (turn >= 1),
    player      TEXT    NOT NULL,
    -- Seconds since the Unix epoch.
    remind_at   REAL    NOT NULL,
    expires_at  REAL    NOT NULL CHECK (expires_at >= remind_at),
    reminded    INTEGER NOT NULL DEFAULT 0 CHECK (reminded IN (0, 1))
);
