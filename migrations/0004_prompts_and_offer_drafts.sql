-- Vegas Host storage, version 4: the messages that carry buttons for an open offer or a
-- pending decision (so they can be updated and closed, and time out), and the offer a
-- player is composing in the trade builder.

CREATE TABLE prompts (
    game_id     INTEGER NOT NULL REFERENCES games (id),
    -- 'offer' (ref = the offer's number) or 'decision' (ref = the decision's number).
    kind        TEXT    NOT NULL CHECK (kind IN ('offer', 'decision')),
    ref         INTEGER NOT NULL,
    channel_id  INTEGER NOT NULL,
    message_id  INTEGER NOT NULL,
    -- Seconds since the Unix epoch after which the offer expires or the decision gets
    -- its default answer; NULL for never.
    expires_at  REAL,
    closed      INTEGER NOT NULL DEFAULT 0 CHECK (closed IN (0, 1)),
    PRIMARY KEY (game_id, kind, ref)
) WITHOUT ROWID;

CREATE INDEX prompts_due ON prompts (expires_at) WHERE closed = 0;

CREATE TABLE offer_drafts (
    channel_id  INTEGER NOT NULL,
    user_id     INTEGER NOT NULL,
    draft       TEXT    NOT NULL,
    updated_at  TEXT    NOT NULL,
    PRIMARY KEY (channel_id, user_id)
) WITHOUT ROWID;
