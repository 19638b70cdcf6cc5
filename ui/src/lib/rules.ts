// The rules reference: our own short summaries, every one through the translation table.
import { en, isKey, t, textFor } from "./i18n";

export interface RuleEntry {
  id: string;
  title: string;
  text: string;
}

/** Every entry under `prefix` ("rules." for Neverland's Legacy, "wrules." for the role-playing
 * rules), in the order of the translation table. */
export function ruleEntries(prefix = "rules."): RuleEntry[] {
  return Object.keys(en)
    .filter(isKey)
    .filter((k) => k.startsWith(prefix) && k.endsWith(".title"))
    .map((k) => {
      const id = k.slice(prefix.length, -".title".length);
      return { id, title: t(k), text: textFor(`${prefix}${id}.text`, "") };
    });
}

/** Entries whose title or text holds every word of the query (case and accents ignored). */
export function searchRules(query: string, prefix = "rules."): RuleEntry[] {
  const fold = (s: string) => s.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
  const words = fold(query).split(/\s+/).filter((w) => w);
  return ruleEntries(prefix).filter((e) => {
    const hay = fold(`${e.title} ${e.text}`);
    return words.every((w) => hay.includes(w));
  });
}
