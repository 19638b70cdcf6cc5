// Pure view logic of the My box screen: an empty table for drawing a pack's boards with the
// table game's own board component, a Threat card's Discover diagram edited by tapping, and the
// words for an entry's standing. No content lives here: every card comes from `my_box`.
import type { BoxEntry, Placement, Scenario, Standing, TablePack, TableView, ThreatCard } from "./bindings";
import { t } from "./i18n";

/**
 * The pack's boards with no pieces on them, in the shape `TableBoard` draws. `TableBoard` reads
 * the pack, the pieces, the active Character (none here), the stage and the controlled
 * Locations; outside the Actions stage it asks for no legal commands.
 */
export function emptyTable(pack: TablePack, scenario: Scenario): TableView {
  const table = {
    format: "neverland-legacy-position/1",
    scenario,
    characters: [],
    enemies: [],
    named_enemies: [],
    search_tokens: {},
    hostages: [],
    rowboat: null,
  };
  return { pack, table, active: 0, phase: { stage: "morale" }, controlled: [], pending: null } as unknown as TableView;
}

/** A tap on a Location: adds it to the diagram (one Enemy), or takes it off when it is there. */
export function toggleDiscover(card: ThreatCard, at: string): ThreatCard {
  const has = card.discover.some((p) => p.at === at);
  const discover: Placement[] = has
    ? card.discover.filter((p) => p.at !== at)
    : [...card.discover, { at, enemies: card.colour ? 1 : 0, search: card.colour ? 0 : 1 }];
  return { ...card, discover };
}

/** The ✚ marks of a diagram on the drawn board, by Location. */
export function diagramMarks(card: ThreatCard): Record<string, string> {
  return Object.fromEntries(
    card.discover.map((p) => [p.at, `✚ ${[p.enemies ? `${p.enemies}E` : "", p.search ? `${p.search}S` : ""].filter((x) => x).join(" ")}`]),
  );
}

export function standingWord(s: Standing): string {
  return t(`box.standing.${s}`);
}

/** The entry of the box that corrects a Threat card, a Search card or a Named Enemy. */
export function legacyEntry(scenario: Scenario, kind: "threat" | "search" | "named", value: unknown): BoxEntry {
  if (kind === "threat") return { kind, scenario, card: value as ThreatCard } as BoxEntry;
  if (kind === "search") return { kind, scenario, card: value } as BoxEntry;
  return { kind, scenario, sheet: value } as BoxEntry;
}

/** A deep copy to edit (the entry shown stays as it was until saved). */
export const copy = <T>(x: T): T => JSON.parse(JSON.stringify(x)) as T;
