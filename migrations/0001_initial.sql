-- Vegas Host storage, version 1: games, their seats, the current snapshot and the move log.
-- Times are UTC ISO 8601 strings with milliseconds, e.g. 2025-11-21T05:58:00.123Z.
-- Discord ids (guild, channel, user) are snowflakes: 64-bit integers.

CREATE TABLE games (
    id            INTEGER PRIMARY KEY,
    kind          TEXT    NOT NULL CHECK (kind <> ''),
    guild_id      INTEGER,
    channel_id    INTEGER NOT NULL,
    host_user_id  INTEGER NOT NULL,
    edition       TEXT    NOT NULL,
    status        TEXT    NOT NULL DEFAULT 'lobby'
                          CHECK (status IN ('lobby', 'active', 'finished', 'abandoned')),
    -- The engine's GameSettings as JSON (edition, seating order, seed); set when started.
    settings      TEXT    CHECK (settings IS NOT NULL OR status IN ('lobby', 'abandoned')),
    -- Bumped by every change to the game; a write names the version it was computed from.
    version       INTEGER NOT NULL DEFAULT 1 CHECK (version >= 1),
    moves         INTEGER NOT NULL DEFAULT 0 CHECK (moves >= 0),
    created_at    TEXT    NOT NULL,
    updated_at    TEXT    NOT NULL,
    started_at    TEXT,
    ended_at      TEXT
);

-- At most one open (lobby or active) game per channel.
CREATE UNIQUE INDEX games_one_open_per_channel
    ON games (channel_id) WHERE status IN ('lobby', 'active');

CREATE INDEX games_history ON games (status, guild_id, ended_at);

CREATE TABLE seats (
    game_id   INTEGER NOT NULL REFERENCES games (id),
    position  INTEGER NOT NULL CHECK (position >= 1),
    color     TEXT    NOT NULL,
    user_id   INTEGER,
    ai_level  INTEGER CHECK (ai_level >= 1),
    PRIMARY KEY (game_id, position),
    UNIQUE (game_id, color),
    -- A seat is either a Discord user or an AI player, never both.
    CHECK ((user_id IS NULL) <> (ai_level IS NULL))
) WITHOUT ROWID;

CREATE UNIQUE INDEX seats_one_per_user ON seats (game_id, user_id) WHERE user_id IS NOT NULL;

CREATE INDEX seats_by_user ON seats (user_id) WHERE user_id IS NOT NULL;

-- The current GameState of each started game, as the engine's JSON.
CREATE TABLE snapshots (
    game_id  INTEGER PRIMARY KEY REFERENCES games (id),
    state    TEXT    NOT NULL
);

-- Every accepted command in the engine's notation ("red: build C7 sphinx"), in order.
CREATE TABLE moves (
    game_id        INTEGER NOT NULL REFERENCES games (id),
    seq            INTEGER NOT NULL CHECK (seq >= 1),
    actor_user_id  INTEGER,
    command        TEXT    NOT NULL,
    created_at     TEXT    NOT NULL,
    PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;

CREATE TRIGGER moves_never_change BEFORE UPDATE ON moves
BEGIN
    SELECT RAISE(ABORT, 'the move log is append-only');
END;

CREATE TRIGGER moves_never_vanish BEFORE DELETE ON moves
BEGIN
    SELECT RAISE(ABORT, 'the move log is append-only');
END;
