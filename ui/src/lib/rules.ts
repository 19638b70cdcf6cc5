// The rules reference: our own short summaries, every one through the translation table.
import { en, t, type Key } from "./i18n";

export interface RuleEntry {
  id: string;
  title: string;
  text: string;
}

/** Every entry, in the order of the translation table. */
export function ruleEntries(): RuleEntry[] {
  return Object.keys(en)
    .filter((k) => k.startsWith("rules.") && k.endsWith(".title"))
    .map((k) => {
      const id = k.slice("rules.".length, -".title".length);
      return { id, title: t(k as Key), text: t(`rules.${id}.text` as Key) };
    });
}

/** Entries whose title or text holds every word of the query (case and accents ignored). */
export function searchRules(query: string): RuleEntry[] {
  const fold = (s: string) => s.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
  const words = fold(query).split(/\s+/).filter((w) => w);
  return ruleEntries().filter((e) => {
    const hay = fold(`${e.title} ${e.text}`);
    return words.every((w) => hay.includes(w));
  });
}
