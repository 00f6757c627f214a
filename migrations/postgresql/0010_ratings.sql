-- Vegas Host storage on PostgreSQL, version 10 (twin of ../0010_ratings.sql): skill
-- ratings, one row for each seat of a rated finished game (see the SQLite file for what
-- each column means). Discord ids are BIGINT snowflakes.

CREATE TABLE ratings (
    game_id   BIGINT           NOT NULL REFERENCES games (id),
    color     TEXT             NOT NULL,
    user_id   BIGINT,
    level     TEXT,
    kind      TEXT             NOT NULL CHECK (kind <> ''),
    edition   TEXT             NOT NULL,
    guild_id  BIGINT           NOT NULL,
    seq       INTEGER          NOT NULL CHECK (seq >= 1),
    place     INTEGER          NOT NULL CHECK (place >= 1),
    mu        DOUBLE PRECISION NOT NULL,
    sigma     DOUBLE PRECISION NOT NULL CHECK (sigma > 0),
    PRIMARY KEY (game_id, color),
    CHECK ((user_id IS NULL) <> (level IS NULL))
);

CREATE INDEX ratings_by_pool ON ratings (kind, guild_id, seq);
