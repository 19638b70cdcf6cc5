// Pure view logic for how the Legacy table screen draws the table: the board laid out from the
// pack the engine sends, Threat and Search cards as they read, the engine's refusals beside the
// buttons, and ids turned into the names players use. No DOM, no IPC; tested with Vitest.
import type {
  LegacyCharacterAt,
  Colour,
  Reason,
  SearchDrawn,
  TableBoard,
  TableCommand,
  TableHistoryItem,
  TableView,
  ThreatCardView,
} from "./bindings";
import { isKey, t, textFor } from "./i18n";
import { COLOUR_SHAPE, historyText, locationName, pieceName, sameCommand } from "./legacy";
import { MAX_DESPAIR } from "./morale";
import { countKey } from "./words";

/** Where a Location sits in its board's grid (1-based, for CSS grid lines). */
export interface Cell {
  col: number;
  row: number;
}

/**
 * A board's Locations in layers: the first printed Location in column 1, its neighbours in
 * column 2, theirs in column 3, and so on (so a line between tiles is a real connection and
 * tiles side by side in a row are not implied neighbours). Unjoined Locations follow in order.
 */
export function boardGrid(board: TableBoard): Record<string, Cell> {
  const next = new Map<string, string[]>(board.locations.map((l) => [l, []]));
  for (const [a, b] of board.adjacent) {
    next.get(a)?.push(b);
    next.get(b)?.push(a);
  }
  const layer = new Map<string, number>();
  for (const start of board.locations) {
    if (layer.has(start)) continue;
    const base = layer.size === 0 ? 0 : Math.max(...layer.values()) + 1;
    layer.set(start, base);
    const queue = [start];
    while (queue.length) {
      const here = queue.shift()!;
      for (const n of next.get(here) ?? []) {
        if (!layer.has(n)) {
          layer.set(n, layer.get(here)! + 1);
          queue.push(n);
        }
      }
    }
  }
  const rows = new Map<number, number>();
  const cells: Record<string, Cell> = {};
  for (const l of board.locations) {
    const col = layer.get(l)!;
    const row = (rows.get(col) ?? 0) + 1;
    rows.set(col, row);
    cells[l] = { col: col + 1, row };
  }
  return cells;
}

/** The size of a board's grid. */
export function gridSize(cells: Record<string, Cell>): { cols: number; rows: number } {
  const all = Object.values(cells);
  return { cols: Math.max(1, ...all.map((c) => c.col)), rows: Math.max(1, ...all.map((c) => c.row)) };
}

export const colourWord = (c: Colour) => t("tv.threat.colour", { shape: COLOUR_SHAPE[c], colour: t(`colour.${c}`) });

export function threatCard(view: TableView, id: string): ThreatCardView | null {
  return view.pack.threat_cards.find((c) => c.card === id) ?? null;
}

export function boardName(id: string): string {
  return textFor(`board.${id}`, id);
}

/** A Threat card's effect as it reads. */
export function threatEffectText(card: ThreatCardView): string {
  const e = card.effect;
  if (!e) return t("tv.threat.effect.none");
  return e.kind === "despair-on-board"
    ? t("tv.threat.effect.despair-on-board", { board: boardName(e.board) })
    : t("tv.threat.effect.named-enemies-heal");
}

/** A Threat card's Discover diagram in words, in the colour it resolves as. */
export function discoverText(card: ThreatCardView, colour: Colour | null = card.colour): string {
  const places = card.discover.map((p) => {
    const what = [
      p.enemies && colour ? t(countKey("tv.threat.enemies", p.enemies), { n: p.enemies, colour: colourWord(colour) }) : "",
      p.search ? t(countKey("tv.threat.search", p.search), { n: p.search }) : "",
    ]
      .filter((x) => x)
      .join(" + ");
    return t("tv.threat.place", { what, where: locationName(p.at) });
  });
  return places.length ? t("tv.threat.discover", { places: places.join("; ") }) : t("tv.threat.discover.none");
}

/** The ✚ marks a Threat card's Discover puts on the board tiles, by Location. */
export function discoverMarks(card: ThreatCardView, colour: Colour | null = card.colour): Record<string, string> {
  const marks: Record<string, string> = {};
  for (const p of card.discover) {
    const what = [
      p.enemies && colour ? `${p.enemies} ${COLOUR_SHAPE[colour]}` : "",
      p.search ? t("tv.token.search", { n: p.search }) : "",
    ]
      .filter((x) => x)
      .join(" + ");
    marks[p.at] = t("tv.threat.mark", { what });
  }
  return marks;
}

/** What a drawn Search card did, in words. */
export function searchText(s: SearchDrawn): string {
  const who = pieceName(s.by);
  const e = s.effect;
  switch (e.type) {
    case "junk":
      return t("tv.search.junk");
    case "hostage":
      return t("tv.search.hostage", { who: pieceName(e.hostage) });
    case "ambush":
      return t("tv.search.ambush", { n: e.count, kind: pieceName(e.kind) });
    case "item":
      return s.enemy ? t("tv.search.item.enemy", { item: t(`item.${e.item}`) }) : t("tv.search.item", { who, item: t(`item.${e.item}`) });
    case "treasure":
      return s.enemy
        ? t(countKey("tv.search.treasure.enemy", e.coins), { n: e.coins })
        : t(countKey("tv.search.treasure", e.coins), { who, n: e.coins });
    case "trap":
      return s.enemy ? t("tv.search.trap.enemy") : t(countKey("tv.search.trap", e.wounds), { who, wounds: e.wounds, despair: e.despair });
  }
}

/** A Search card's name as printed ("Treasure", "Ambush"), never its id. */
export function searchCardName(s: SearchDrawn): string {
  return searchText(s).split(":")[0]!;
}

/** A Threat card in words: its colour and effect, never its id. */
export function threatCardText(view: TableView, id: string): string {
  const card = threatCard(view, id);
  if (!card) return id;
  if (card.named_enemy) return t("tv.threat.named");
  return `${card.colour ? colourWord(card.colour) : ""} · ${threatEffectText(card)}`;
}

/** A History line, naming the Search cards the command drew (and a Threat card as it reads). */
export function historyLine(h: TableHistoryItem, view?: TableView): string {
  const c = h.command;
  const base =
    h.threat && view
      ? t("table.h.threat-drawn", { who: pieceName(h.by), card: threatCardText(view, h.threat) })
      : historyText(c, h.by);
  if (h.searched.length === 0) return base;
  return t("tv.h.drew", { text: base, card: h.searched.map(searchText).join(" ") });
}

/** The Search cards of the newest command that drew any (shown until the next one). */
export function lastSearch(view: TableView): { step: number; cards: SearchDrawn[] } | null {
  const h = view.history.find((x) => x.searched.length > 0);
  return h ? { step: h.step, cards: h.searched } : null;
}

/** Ids in a refusal or error turned into names ("fairy-hollow" → "Fairy Hollow"). */
export function humanize(message: string): string {
  return message.replace(/\b[a-z]+(?:-[a-z0-9]+)*\b/g, (id) => {
    if (isKey(`loc.${id}`)) return locationName(id);
    if (isKey(`piece.${id}`) || /-\d+$/.test(id)) return pieceName(id);
    return id;
  });
}

/** A refusal's parameter in words: an Action, Item, Location or piece by its name, never its id. */
export function reasonArg(name: string, value: string): string {
  if (name === "actions") return value.split(", ").map((a) => reasonArg("action", a)).join(", ");
  const actionKey = `action.${value}`;
  if (name === "action" && isKey(actionKey)) return t(actionKey);
  const itemKey = `item.${value}`;
  if (name === "item" && isKey(itemKey)) return t(itemKey);
  if (isKey(`loc.${value}`)) return locationName(value);
  if (isKey(`piece.${value}`) || /^[a-z]+(?:-[a-z]+)*-\d+$/.test(value)) return pieceName(value);
  return value;
}

/** Why the rules refuse a command, in the players' words from the engine's code and parameters. */
export function reasonText(reason: Reason): string {
  const key = `refusal.${reason.code}`;
  const args: Record<string, string> = {};
  for (const [name, value] of Object.entries(reason.args)) args[name] = reasonArg(name, String(value ?? ""));
  return isKey(key) ? t(key, args) : t("refusal.other", { text: reason.code });
}

/** Why the engine refuses `cmd` now (in names, not ids), or null when it is not refused. */
export function refusal(view: TableView, cmd: TableCommand): string | null {
  const r = view.refused.find((x) => sameCommand(x.command, cmd));
  return r ? reasonText(r.reason) : null;
}

/** A Character sheet in words and numbers, for a screen reader (the card itself is drawn). */
export function sheetWords(c: LegacyCharacterAt, slots: number, turn: boolean): string {
  return t("tv.card.says", {
    who: pieceName(c.id),
    turn: turn ? t("tv.card.says.turn") : "",
    wounds: c.wounds,
    slots,
    despair: c.despair,
    max: MAX_DESPAIR,
    destiny: t(c.destiny ? "tv.card.says.destiny.yes" : "tv.card.says.destiny.no"),
    coins: c.coins,
    items: c.items.length ? t("tv.card.says.items", { items: c.items.map((x) => textFor(`item.${x}`, x)).join(", ") }) : "",
    carrying: c.carrying.length ? t("tv.card.says.carrying", { who: c.carrying.map(pieceName).join(", ") }) : "",
    fallen: c.fallen ? t("tv.card.says.fallen") : "",
  });
}

/** Actions still unused this turn (Mandatory owed plus Chosen left). */
export function actionsLeft(view: TableView): number {
  return view.turn.mandatory.length + view.turn.chosen;
}
