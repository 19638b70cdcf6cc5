// Every error the Rust side can give is said through the tables by its code: this test reads the
// Rust sources for each code (`fail!(kind, "code", "English {param}", param = …)` in the service,
// the shell and the local-network host; `why!("code", …)` in the Pan's Island and Warden engines;
// a key written out as `"err.…"`) and fails when a code has no line in English or in French, or
// when a line uses a parameter its code does not carry.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { errorText } from "./errors";
import { en, setLanguage, tables } from "./i18n";

const ROOT = path.resolve(__dirname, "../../..");
const rust = (dir: string): string[] =>
  (readdirSync(path.join(ROOT, dir), { recursive: true }) as string[])
    .filter((f) => f.endsWith(".rs"))
    .map((f) => readFileSync(path.join(ROOT, dir, f), "utf8"));
const names = (text: string): string[] => [...new Set([...text.matchAll(/\{([a-z_]+)(?::[^}]*)?\}/g)].map((x) => x[1]!))].sort();
const STRING = String.raw`"((?:[^"\\]|\\[\s\S])*)"`;

/** key → the parameter names its Rust text uses (null: parameters not read from a text). */
export function errorCodes(sources: { dir: string; prefix: string; re: RegExp }[]): Map<string, string[] | null> {
  const found = new Map<string, string[] | null>();
  for (const { dir, prefix, re } of sources) {
    for (const src of rust(dir)) {
      for (const m of src.matchAll(re)) found.set(prefix + m[1], names(m[2]!));
      for (const m of src.matchAll(/"(err\.[a-z0-9_-]+)"/g)) if (!found.has(m[1]!)) found.set(m[1]!, null);
    }
  }
  return found;
}

const FAIL = new RegExp(String.raw`fail!\(\s*[\w:.]+,\s*"([a-z0-9_-]+)",\s*` + STRING, "g");
const WHY = new RegExp(String.raw`why!\(\s*"([a-z0-9-]+)",\s*` + STRING, "g");
const codes = errorCodes([
  { dir: "crates/companion/src", prefix: "err.", re: FAIL },
  { dir: "crates/lan-host/src", prefix: "err.", re: FAIL },
  { dir: "src-tauri/src", prefix: "err.", re: FAIL },
  { dir: "crates/pans-island/src", prefix: "pans.refusal.", re: WHY },
  { dir: "crates/warden/src", prefix: "warden.refusal.", re: WHY },
]);
/** Parameters the screen adds: the Legacy refusal inside (`reason`), the store's reason inside (`inner`). */
const ADDED: Record<string, string[]> = {
  "err.replayed_in_full": ["reason"],
  "err.setup-refused": ["reason"],
  "err.restore-failed": ["inner"],
};

afterEach(() => setLanguage("en"));

describe("errors from the Rust side", () => {
  it("reads the codes out of the sources (the scan finds them)", () => {
    expect(codes.size).toBeGreaterThan(150);
    for (const k of ["err.replayed_in_full", "err.no-such-game", "pans.refusal.path-too-long", "warden.refusal.dead"]) {
      expect(codes.has(k), k).toBe(true);
    }
    expect(codes.get("pans.refusal.path-too-long")).toEqual(["len", "limit"]);
  });

  for (const [lang, table] of Object.entries(tables)) {
    it(`has a line in ${lang} for every code, using only the code's parameters`, () => {
      const missing = [...codes.keys()].filter((k) => !(k in table));
      expect(missing, `${lang} has no line for:\n${missing.join("\n")}`).toEqual([]);
      for (const [key, params] of codes) {
        if (params === null) continue;
        const line = (table as Record<string, string>)[key]!;
        const used = names(line);
        expect([...params, ...(ADDED[key] ?? [])], `${lang} ${key}`).toEqual(expect.arrayContaining(used));
      }
    });
  }

  it("finds a code without a line (the check can fail)", () => {
    const broken = errorCodes([{ dir: "crates/companion/src", prefix: "err.", re: FAIL }]);
    broken.set("err.made-up", []);
    expect([...broken.keys()].filter((k) => !(k in en))).toEqual(["err.made-up"]);
  });

  it("says an error in the player's language from its code, never its English message", () => {
    const e = {
      code: "illegal-command" as const,
      message: "that path is 250 mm; the template allows 200 mm",
      detail: { code: "pans.refusal.path-too-long", args: { len: "250", limit: "200" } },
    };
    expect(errorText(e)).toBe("That path is 250 mm long; the template allows 200 mm.");
    setLanguage("fr");
    expect(errorText(e)).toBe("Ce chemin mesure 250 mm ; le gabarit permet 200 mm.");
    expect(errorText({ code: "illegal-command", message: "Wendy has not finished", detail: { code: "pans.refusal.visions-unfinished", args: { hero: "tiger-lily" } } })).toBe(
      "Lily la Tigresse n'a pas fini de recevoir les Visions.",
    );
  });

  it("says the whole-game replay error with the rules' own reason inside", () => {
    setLanguage("fr");
    const e = {
      code: "illegal-command" as const,
      message: "step 4 of this game is not allowed by the rules of this version (...)",
      reason: { code: "search-with-enemies", args: {} },
      detail: { code: "err.replayed_in_full", args: { step: "4", why: "No Search while Enemies share your Location" } },
    };
    const said = errorText(e);
    expect(said).toContain("L'étape 4 de cette partie");
    expect(said).not.toContain("No Search");
  });

  it("falls back to the kind's line, never the English message, for an error without a code", () => {
    setLanguage("fr");
    expect(errorText({ code: "storage", message: "the host answered 502" })).toBe(tables.fr["error.storage"]);
  });
});
