-- How a game was set up, as JSON (Pan's Island: Heroes, first player, Events). Legacy games keep '{}'.
ALTER TABLE games ADD COLUMN setup TEXT NOT NULL DEFAULT '{}';

-- A sleeve's hidden facts (the Lost Child cross, Captain Hook circles, dark areas), kept apart from
-- the public log: the log only says "player P set up sleeve N". Nothing that answers a public
-- screen reads this table; the referee does, by replay.
CREATE TABLE sleeve_secrets (
    game_id       INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    secret        INTEGER NOT NULL,             -- 0, 1, 2, ... in the order they were confirmed
    holder        INTEGER NOT NULL,             -- the seat that holds the sleeve
    sleeve        TEXT    NOT NULL,             -- JSON, board millimetres
    created_at_ms INTEGER NOT NULL,
    PRIMARY KEY (game_id, secret)
) STRICT;
