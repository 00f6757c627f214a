-- Vegas Host storage, version 11 (PostgreSQL): games played in the terminal (`bot.offline`)
-- are kept beside the Discord games, so a stopped one resumes; the bot never acts on them.

ALTER TABLE games ADD COLUMN place TEXT NOT NULL DEFAULT 'discord'
    CHECK (place IN ('discord', 'terminal'));

DROP INDEX games_one_open_per_channel;

CREATE UNIQUE INDEX games_one_open_per_channel
    ON games (channel_id) WHERE status IN ('lobby', 'active') AND place = 'discord';
