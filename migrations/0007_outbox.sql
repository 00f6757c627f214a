-- Vegas Host storage, version 7: the outbox. What the channel must be told about an accepted
-- move (the board after a turn, the mention of the next player...) is part of the move: it
-- is written in the move's transaction and deleted once it has been posted, so a crash or a
-- Discord outage between the save and the post delays the news but never loses it.

CREATE TABLE outbox (
    -- Posts go out in this order, channel by channel.
    id                INTEGER PRIMARY KEY,
    game_id           INTEGER NOT NULL REFERENCES games (id),
    -- The move this is the news of (its number in the log), or 0 for the start of the game.
    seq               INTEGER NOT NULL CHECK (seq >= 0),
    channel_id        INTEGER NOT NULL,
    -- The state the move was applied to (NULL for the start): applying the logged command to
    -- it again gives the move's events and the state after it, from which the post is made.
    state_before      TEXT,
    -- A line put before the post (a timer that ran out, for instance).
    note              TEXT    NOT NULL DEFAULT '',
    -- The slash command that asked for the move, whose reply carries the news while
    -- Discord takes it (interaction tokens work for 15 minutes).
    interaction_id    INTEGER,
    interaction_token TEXT,
    created_at        TEXT    NOT NULL,
    UNIQUE (game_id, seq)
);

CREATE INDEX outbox_by_channel ON outbox (channel_id, id);
