-- Vegas Host storage on PostgreSQL, version 9: reserved (twin of
-- ../0009_reserved_for_take_backs.sql) until the take-backs work brings its own 0009.
SELECT 1;
