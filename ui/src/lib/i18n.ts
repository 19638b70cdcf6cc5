// Every string the UI shows comes from the language tables: English in `i18n.en.ts`, French in
// `i18n.fr.ts` (typed `Table`, so a missing or extra key is a compile error, and `i18n.test.ts`
// lists any by name). This module picks the language and fills the strings: plurals written
// `{n, plural, one {# thing} other {# things}}` are chosen by `Intl.PluralRules`; numbers in
// parameters go through `Intl.NumberFormat`, dates through `formatDate` (`Intl.DateTimeFormat`).
import { en, type Key, type Table } from "./i18n.en";
import { fr } from "./i18n.fr";

export { en };
export type { Key, Table };

export const tables = { en, fr } satisfies Record<string, Table>;
export type Lang = keyof typeof tables;
export const languages = Object.keys(tables) as Lang[];
const STORAGE_KEY = "neverland.language";

let lang: Lang = "en";
let current: Table = en;
let plurals = new Intl.PluralRules("en");
let numbers = new Intl.NumberFormat("en", { useGrouping: false, maximumFractionDigits: 2 });

const isLang = (x: unknown): x is Lang => typeof x === "string" && x in tables;

/** Switches every string (and number, date and plural rule) to `next`; unknown names fall back to English. */
export function setLanguage(next: string): void {
  lang = isLang(next) ? next : "en";
  current = tables[lang];
  plurals = new Intl.PluralRules(lang);
  numbers = new Intl.NumberFormat(lang, { useGrouping: false, maximumFractionDigits: 2 });
  if (typeof document !== "undefined") document.documentElement.lang = lang;
}

export const language = (): Lang => lang;

/** The language chosen last time on this device (English the first time). */
export function loadLanguage(): Lang {
  let saved: string | null = null;
  try {
    saved = globalThis.localStorage?.getItem(STORAGE_KEY) ?? null;
  } catch {
    saved = null;
  }
  setLanguage(saved ?? "en");
  return lang;
}

/** Switches language and remembers it on this device. */
export function chooseLanguage(next: Lang): void {
  setLanguage(next);
  try {
    globalThis.localStorage?.setItem(STORAGE_KEY, lang);
  } catch {
    // A webview without storage still switches for this session.
  }
}

const PLURAL = /\{(\w+), plural, one \{([^}]*)\} other \{([^}]*)\}\}/g;

function show(value: string | number): string {
  return typeof value === "number" ? numbers.format(value) : value;
}

/** The text of `template` with plural choices made and `{name}` placeholders filled from `params`. */
export function fill(template: string, params: Record<string, string | number>): string {
  return template
    .replace(PLURAL, (whole, name: string, one: string, other: string) => {
      if (!(name in params)) return whole;
      const n = Number(params[name]);
      return (plurals.select(n) === "one" ? one : other).replace(/#/g, show(params[name]!));
    })
    .replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? show(params[name]!) : whole));
}

/** The text for `key` in the current language. */
export function t(key: Key, params: Record<string, string | number> = {}): string {
  return fill(current[key], params);
}

/** Whether `key` is one of the table's keys (for ids that come from content at run time). */
export const isKey = (key: string): key is Key => key in en;

/** The text for a key built from an id that reaches the UI as a plain string (a piece, Location,
 * Item or status id from the companion), or `fallback` when the table has no such key. Keys
 * written in code go through `t`, which the compiler checks; only these run-time ids come here. */
export function textFor(key: string, fallback: string, params: Record<string, string | number> = {}): string {
  return isKey(key) ? t(key, params) : fallback;
}

/** A date and time the way the current language writes them. */
export function formatDate(ms: number): string {
  return new Intl.DateTimeFormat(lang, { dateStyle: "medium", timeStyle: "short" }).format(new Date(ms));
}

/** The content packs' names and texts in the current language, as the companion answers them
 * (`content_text`: content id → entry id → field → text). */
type ContentTexts = { [content: string]: { [id: string]: { [field: string]: string | undefined } | undefined } | undefined };
let content: ContentTexts = {};
let builtIn: ContentTexts = {};

/** The texts in the current language, and the built-in packs' own English (to tell an owner's
 * correction from the built-in text it replaced). */
export function setContentText(texts: ContentTexts, english: ContentTexts = {}): void {
  content = texts;
  builtIn = english;
}

/** A pack's name or text (`field` of entry `id` in content `pack`) in the current language, or
 * `english` (what the view carries) when the companion has no translation for it. A text the
 * owner's box corrected (the view's differs from the built-in English) is the owner's own words,
 * shown as they wrote them in every language. */
export function contentText(pack: string, id: string, field: string, english: string): string {
  const base = builtIn[pack]?.[id]?.[field];
  if (base !== undefined && base !== english) return english;
  return content[pack]?.[id]?.[field] ?? english;
}

/** A number the way the current language writes it. */
export const formatNumber = (n: number): string => numbers.format(n);
