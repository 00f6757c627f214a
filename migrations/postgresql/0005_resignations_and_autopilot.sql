-- Vegas Host storage on PostgreSQL, version 5 (twin of ../0005_resignations_and_autopilot.sql).

ALTER TABLE seats ADD COLUMN resigned INTEGER NOT NULL DEFAULT 0 CHECK (resigned IN (0, 1));

ALTER TABLE seats ADD COLUMN autopilot INTEGER CHECK (autopilot >= 1);
