-- Vegas Host storage on PostgreSQL, version 8 (twin of ../0008_kinds_of_games.sql): more
-- than one kind of game. PostgreSQL changes the prompts' kind check in place.

ALTER TABLE games ADD COLUMN rules_version INTEGER CHECK (rules_version >= 1);

CREATE INDEX games_by_kind ON games (kind, status, guild_id);

ALTER TABLE prompts DROP CONSTRAINT prompts_kind_check;

ALTER TABLE prompts ADD CONSTRAINT prompts_kind_check CHECK (kind <> '');
