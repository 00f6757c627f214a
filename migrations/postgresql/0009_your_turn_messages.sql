-- Vegas Host storage on PostgreSQL, version 9 (twin of ../0009_your_turn_messages.sql):
-- your-turn messages.

CREATE TABLE notify (
    user_id     BIGINT  PRIMARY KEY,
    -- 1: send them; 0: not (turned off, or Discord refused: their DMs are closed).
    enabled     INTEGER NOT NULL CHECK (enabled IN (0, 1)),
    updated_at  TEXT    NOT NULL
);

-- The people each game waits for now, since it began to: a waiting spell.
CREATE TABLE waiting_spells (
    game_id  BIGINT NOT NULL REFERENCES games (id),
    user_id  BIGINT NOT NULL,
    PRIMARY KEY (game_id, user_id)
);
