-- The Games screen lists by last played.
CREATE INDEX games_by_updated ON games (updated_at_ms DESC, id DESC);
