-- Saved games: one row a game, and its commands as an append-only log.
CREATE TABLE games (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    kind          TEXT    NOT NULL,             -- 'legacy', later 'pans-island'
    pack_id       TEXT    NOT NULL,
    pack_version  INTEGER NOT NULL,
    seed          TEXT    NOT NULL,             -- u64 as decimal text: SQLite integers are signed
    title         TEXT    NOT NULL DEFAULT '',
    created_at_ms INTEGER NOT NULL,
    updated_at_ms INTEGER NOT NULL,
    status        TEXT    NOT NULL DEFAULT 'in-progress'
) STRICT;

CREATE TABLE commands (
    game_id       INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    seq           INTEGER NOT NULL,             -- 0, 1, 2, ... without gaps
    payload       TEXT    NOT NULL,             -- JSON
    created_at_ms INTEGER NOT NULL,
    PRIMARY KEY (game_id, seq)
) STRICT;
