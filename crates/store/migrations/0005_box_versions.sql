-- The owner's box: each save of their corrections to the built-in content is a new version,
-- kept for good, so a game started with version N replays with exactly version N after later
-- corrections. `body` is the whole box as JSON (`neverland-box/1`), checked by the service
-- before it is stored.
CREATE TABLE box_versions (
    version       INTEGER PRIMARY KEY AUTOINCREMENT,
    body          TEXT    NOT NULL,
    created_at_ms INTEGER NOT NULL
) STRICT;
