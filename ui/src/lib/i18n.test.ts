import { afterEach, describe, expect, it } from "vitest";
import { chooseLanguage, contentText, en, fill, language, loadLanguage, setContentText, setLanguage, t, tables } from "./i18n";

// Every language has exactly the English keys, and each string the same placeholders.
const placeholders = (s: string): string[] =>
  [...new Set([...s.matchAll(/\{(\w+)(?:, plural,|\})/g)].map((m) => m[1]!))].sort();

/** Keys of `other` missing from English's, and those English does not have. */
function keyDifferences(other: Record<string, string>): { missing: string[]; extra: string[] } {
  const theirs = new Set(Object.keys(other));
  return {
    missing: Object.keys(en).filter((k) => !theirs.has(k)),
    extra: [...theirs].filter((k) => !(k in en)),
  };
}

/** Keys whose placeholders differ from English's, each with both lists. */
function placeholderDifferences(other: Record<string, string>): string[] {
  return Object.entries(en).flatMap(([key, text]) => {
    const theirs = other[key];
    if (theirs === undefined) return [];
    const a = placeholders(text).join(", ");
    const b = placeholders(theirs).join(", ");
    return a === b ? [] : [`${key}: English {${a}} but {${b}}`];
  });
}

afterEach(() => setLanguage("en"));

describe("every language table", () => {
  for (const [lang, table] of Object.entries(tables)) {
    it(`${lang} has every English key and no other`, () => {
      const { missing, extra } = keyDifferences(table);
      expect(missing, `${lang} misses ${missing.length} key(s):\n${missing.join("\n")}`).toEqual([]);
      expect(extra, `${lang} has ${extra.length} key(s) English lacks:\n${extra.join("\n")}`).toEqual([]);
    });
    it(`${lang} uses the same placeholders as English`, () => {
      const wrong = placeholderDifferences(table);
      expect(wrong, `${lang} placeholders differ:\n${wrong.join("\n")}`).toEqual([]);
    });
    it(`${lang} writes every plural with a # in each form`, () => {
      const bad = Object.entries(table).filter(([, s]) =>
        [...s.matchAll(/\{\w+, plural, one \{([^}]*)\} other \{([^}]*)\}\}/g)].some((m) => !m[1]!.includes("#") || !m[2]!.includes("#")),
      );
      expect(bad.map(([k]) => k)).toEqual([]);
    });
  }

  it("finds a missing key, an extra key and a changed placeholder (the checks can fail)", () => {
    const broken: Record<string, string> = { ...en, "made.up": "x", "games.row.number": "Game {n}" };
    delete broken["nav.undo"];
    expect(keyDifferences(broken)).toEqual({ missing: ["nav.undo"], extra: ["made.up"] });
    expect(placeholderDifferences(broken)).toEqual(["games.row.number: English {id} but {n}"]);
  });
});

describe("plurals, numbers and the remembered choice", () => {
  it("chooses the plural form with the language's rules", () => {
    expect(t("games.row.steps", { n: 1 })).toBe("1 step");
    expect(t("games.row.steps", { n: 0 })).toBe("0 steps");
    setLanguage("fr");
    // French counts 0 and 1 as singular.
    expect(t("games.row.steps", { n: 0 })).toBe("0 étape");
    expect(t("games.row.steps", { n: 3 })).toBe("3 étapes");
  });

  it("writes numbers the language's way", () => {
    expect(fill("{x} mm", { x: 12.5 })).toBe("12.5 mm");
    setLanguage("fr");
    expect(fill("{x} mm", { x: 12.5 })).toBe("12,5 mm");
    expect(t("pans.board.hero", { hero: "Wendy", x: 10.25, y: 3 })).toBe("Wendy à 10,25, 3 mm");
  });

  it("remembers the chosen language and starts in English otherwise", () => {
    localStorage.clear();
    expect(loadLanguage()).toBe("en");
    chooseLanguage("fr");
    setLanguage("en");
    expect(loadLanguage()).toBe("fr");
    expect(t("nav.games")).toBe("Parties");
    localStorage.setItem("neverland.language", "xx");
    expect(loadLanguage()).toBe("en");
    expect(language()).toBe("en");
    localStorage.clear();
  });
});

describe("content names from the companion", () => {
  it("uses the companion's text for a pack entry and the view's English otherwise", () => {
    setContentText({ "pans-island-events": { "thick-fog": { name: "Brouillard épais" } } });
    expect(contentText("pans-island-events", "thick-fog", "name", "Thick Fog")).toBe("Brouillard épais");
    expect(contentText("pans-island-events", "fair-winds", "name", "Fair Winds")).toBe("Fair Winds");
    expect(contentText("pirates", "smee", "name", "Smee")).toBe("Smee");
    setContentText({});
    expect(contentText("pans-island-events", "thick-fog", "name", "Thick Fog")).toBe("Thick Fog");
  });

  it("shows the owner's corrected text, not the built-in one's translation", () => {
    const english = { "pans-island-events": { "thick-fog": { name: "Thick Fog" } } };
    setContentText({ "pans-island-events": { "thick-fog": { name: "Brouillard épais" } } }, english);
    expect(contentText("pans-island-events", "thick-fog", "name", "Thick Fog")).toBe("Brouillard épais");
    expect(contentText("pans-island-events", "thick-fog", "name", "Fog (my card)")).toBe("Fog (my card)");
    setContentText(english, english);
    expect(contentText("pans-island-events", "thick-fog", "name", "Fog (my card)")).toBe("Fog (my card)");
    setContentText({});
  });
});
