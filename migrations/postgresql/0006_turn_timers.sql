-- Vegas Host storage on PostgreSQL, version 6 (twin of ../0006_turn_timers.sql).

CREATE TABLE turn_timers (
    game_id     BIGINT  PRIMARY KEY REFERENCES games (id),
    turn        INTEGER NOT NULL CHECK (turn >= 1),
    player      TEXT    NOT NULL,
    -- Seconds since the Unix epoch.
    remind_at   DOUBLE PRECISION NOT NULL,
    expires_at  DOUBLE PRECISION NOT NULL CHECK (expires_at >= remind_at),
    reminded    INTEGER NOT NULL DEFAULT 0 CHECK (reminded IN (0, 1))
);
