-- Vegas Host storage, version 5: a player may resign during a game; their seat then plays
-- passively (ends its turns, takes the default answers), or an AI of some level plays it
-- if the host lets one take over. The seat keeps its user id for the game's history.

ALTER TABLE seats ADD COLUMN resigned INTEGER NOT NULL DEFAULT 0 CHECK (resigned IN (0, 1));

ALTER TABLE seats ADD COLUMN autopilot INTEGER CHECK (autopilot >= 1);
