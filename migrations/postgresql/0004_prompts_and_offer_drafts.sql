-- Vegas Host storage on PostgreSQL, version 4 (twin of ../0004_prompts_and_offer_drafts.sql).

CREATE TABLE prompts (
    game_id     BIGINT  NOT NULL REFERENCES games (id),
    kind        TEXT    NOT NULL CHECK (kind IN ('offer', 'decision')),
    ref         INTEGER NOT NULL,
    channel_id  BIGINT  NOT NULL,
    message_id  BIGINT  NOT NULL,
    -- Seconds since the Unix epoch; NULL for never.
    expires_at  DOUBLE PRECISION,
    closed      INTEGER NOT NULL DEFAULT 0 CHECK (closed IN (0, 1)),
    PRIMARY KEY (game_id, kind, ref)
);

CREATE INDEX prompts_due ON prompts (expires_at) WHERE closed = 0;

CREATE TABLE offer_drafts (
    channel_id  BIGINT NOT NULL,
    user_id     BIGINT NOT NULL,
    draft       TEXT   NOT NULL,
    updated_at  TEXT   NOT NULL,
    PRIMARY KEY (channel_id, user_id)
);
