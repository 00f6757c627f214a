-- Vegas Host storage, version 3: per-game table options chosen by the host (JSON), such
-- as whether the board image is posted after every action or only after every turn.

ALTER TABLE games ADD COLUMN options TEXT NOT NULL DEFAULT '{}';
