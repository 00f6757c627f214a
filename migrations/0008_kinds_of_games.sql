-- Vegas Host storage, version 8: more than one kind of game. Each game records the version of
-- its game's rules it was started under (NULL: started before versions were recorded), so a
-- log a later rules change would refuse can be explained. A prompt's kind is whatever its
-- game calls it (Lords of Vegas: 'offer' and 'decision'); the table is rebuilt to say so,
-- its rows kept as they are.

ALTER TABLE games ADD COLUMN rules_version INTEGER CHECK (rules_version >= 1);

CREATE INDEX games_by_kind ON games (kind, status, guild_id);

CREATE TABLE prompts_by_kind (
    game_id     INTEGER NOT NULL REFERENCES games (id),
    -- What the message asks, named by the game (with Lords of Vegas, 'offer': ref = the
    -- offer's number; 'decision': ref = the decision's number).
    kind        TEXT    NOT NULL CHECK (kind <> ''),
    ref         INTEGER NOT NULL,
    channel_id  INTEGER NOT NULL,
    message_id  INTEGER NOT NULL,
    -- Seconds since the Unix epoch after which the prompt times out (its game says what
    -- then happens); NULL for never.
    expires_at  REAL,
    closed      INTEGER NOT NULL DEFAULT 0 CHECK (closed IN (0, 1)),
    PRIMARY KEY (game_id, kind, ref)
) WITHOUT ROWID;

INSERT INTO prompts_by_kind (game_id, kind, ref, channel_id, message_id, expires_at, closed)
    SELECT game_id, kind, ref, channel_id, message_id, expires_at, closed FROM prompts;

DROP TABLE prompts;

ALTER TABLE prompts_by_kind RENAME TO prompts;

CREATE INDEX prompts_due ON prompts (expires_at) WHERE closed = 0;
