// Every UI string comes from the translation tables: this test walks every .svelte file's
// template and fails on a text node or a naming attribute (aria-label, title, alt, placeholder…)
// written as a literal with a letter in it. Symbols without letters (−, +, ·, ✕, %) pass; the
// few literal words that are not language (listed below, each with why) are the reviewed allowlist.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { parse } from "svelte/compiler";
import { describe, expect, it } from "vitest";

const SRC = join(__dirname, "..");
const NAMING = new Set(["aria-label", "aria-description", "aria-roledescription", "aria-valuetext", "title", "alt", "placeholder", "label"]);
/** Literal text that is not in any language. */
const ALLOWED = new Set<string>([]);
const LETTER = /\p{L}/u;

function svelteFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? svelteFiles(join(dir, e.name)) : e.name.endsWith(".svelte") ? [join(dir, e.name)] : [],
  );
}

type Node = { type: string; data?: string; name?: string; value?: unknown; start: number; [k: string]: unknown };

/** Literal strings with a letter in `source`'s template, each as "line: text". */
export function literalStrings(source: string): string[] {
  const ast = parse(source, { modern: true }) as unknown as { fragment: Node };
  const found: string[] = [];
  const line = (at: number) => source.slice(0, at).split("\n").length;
  const visit = (node: unknown, parent: Node | null): void => {
    if (Array.isArray(node)) return node.forEach((n) => visit(n, parent));
    if (!node || typeof node !== "object") return;
    const n = node as Node;
    if (n.type === "Text" && parent?.type !== "Attribute" && LETTER.test(n.data ?? "") && !ALLOWED.has((n.data ?? "").trim())) {
      found.push(`${line(n.start)}: ${(n.data ?? "").trim()}`);
    }
    if (n.type === "Attribute" && NAMING.has(n.name ?? "") && Array.isArray(n.value)) {
      for (const part of n.value as Node[]) {
        if (part.type === "Text" && LETTER.test(part.data ?? "") && !ALLOWED.has((part.data ?? "").trim())) {
          found.push(`${line(part.start)}: ${n.name}="${part.data}"`);
        }
      }
    }
    for (const [k, v] of Object.entries(n)) {
      if (k === "type" || k === "start" || k === "end" || k === "metadata") continue;
      if (v && typeof v === "object") visit(v, n.type ? n : parent);
    }
  };
  visit(ast.fragment, null);
  return found;
}

describe("UI strings live in the tables", () => {
  it("finds a literal word in a template (the check can fail)", () => {
    expect(literalStrings(`<p>Hello</p><button aria-label="Close">×</button><span>{x} · −</span>`)).toEqual([
      "1: Hello",
      '1: aria-label="Close"',
    ]);
  });

  for (const file of svelteFiles(SRC)) {
    it(`${relative(SRC, file)} writes no UI string outside i18n`, () => {
      expect(literalStrings(readFileSync(file, "utf8"))).toEqual([]);
    });
  }
});
