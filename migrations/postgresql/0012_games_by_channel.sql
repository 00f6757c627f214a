-- Vegas Host storage, version 12 (PostgreSQL): a channel's games found through an index.
-- Every command asks for its channel's game. The open one is found through
-- games_one_open_per_channel (the query names all of that index's condition); the
-- channel's latest game, open or not (`/lov status` after a game ended), was found by
-- reading every game there is.

CREATE INDEX games_by_channel ON games (channel_id, id);
