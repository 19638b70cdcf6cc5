-- Devices admitted to a game's table over the local network (crates/lan-host). A seat is JSON
-- (which Hero, Character or the Warden's players); the device proves it with a token whose
-- SHA-256 alone is kept here: the token itself never touches the disk. A revoked seat keeps its
-- row (revoked_at_ms set) so the host can see who was turned away.
CREATE TABLE lan_seats (
    id            INTEGER PRIMARY KEY,
    game_id       INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    seat          TEXT    NOT NULL,
    name          TEXT    NOT NULL,
    token_hash    BLOB    NOT NULL UNIQUE,
    created_at_ms INTEGER NOT NULL,
    revoked_at_ms INTEGER
) STRICT;
