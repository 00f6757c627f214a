-- Vegas Host storage, version 10: skill ratings. One row for each seat of a finished game
-- once it has been rated: who played it (a person, or else a computer player of a level),
-- their place, and their rating after the game (openskill's mu and sigma). Ratings are
-- kept apart for each game, edition and server (the pool); the latest row of a player in a
-- pool (by `seq`, the order games were rated in) is their rating now. The rows can always
-- be rebuilt from the finished games (`python3 tasks.py run bot.store ratings --rebuild`).

CREATE TABLE ratings (
    game_id   INTEGER NOT NULL REFERENCES games (id),
    color     TEXT    NOT NULL,
    user_id   INTEGER,
    level     TEXT,
    kind      TEXT    NOT NULL CHECK (kind <> ''),
    edition   TEXT    NOT NULL,
    guild_id  INTEGER NOT NULL,
    seq       INTEGER NOT NULL CHECK (seq >= 1),
    place     INTEGER NOT NULL CHECK (place >= 1),
    mu        REAL    NOT NULL,
    sigma     REAL    NOT NULL CHECK (sigma > 0),
    PRIMARY KEY (game_id, color),
    CHECK ((user_id IS NULL) <> (level IS NULL))
);

CREATE INDEX ratings_by_pool ON ratings (kind, guild_id, seq);
