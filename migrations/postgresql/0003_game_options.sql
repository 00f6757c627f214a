-- Vegas Host storage on PostgreSQL, version 3 (twin of ../0003_game_options.sql).

ALTER TABLE games ADD COLUMN options TEXT NOT NULL DEFAULT '{}';
