// Small grammar helpers for lines that hold a name the players typed.
import { isKey, type Key } from "./i18n";

/**
 * The key of a line about something of `name`'s: its ".s" form for a name ending in s, when the
 * table has one ("Wolves' weapon", never "Wolves's weapon"); another language may make both the same.
 */
export function whoseKey(key: Key, name: string): Key {
  const s = `${key}.s`;
  return /s$/i.test(name.trim()) && isKey(s) ? s : key;
}

/** The key of a line with a count: its ".one" form when the count is 1 ("1 Coin", never "1 Coins"). */
export function countKey(key: Key, n: number): Key {
  const one = `${key}.one`;
  return n === 1 && isKey(one) ? one : key;
}
