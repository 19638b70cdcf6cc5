// Pure view logic for the Neverland's Legacy table screen (and the Stone names the Morale tracker
// shares, `morale.ts`): no DOM, no IPC, tested with Vitest.
import type {
  ActionId,
  EnemyAct,
  LegacyPosition,
  PendingView,
  Scenario,
  Stone,
  TableCommand,
  TableView,
} from "./bindings";
import { isKey, t, textFor } from "./i18n";

/** The Action a stone makes Mandatory in a scenario (mirrors `Stone::action` in Rust). */
export function stoneAction(stone: Stone, scenario: Scenario): ActionId {
  switch (stone) {
    case "taunt-loot":
      return scenario === "lost-allies" ? "taunt" : "loot";
    case "courage-scare":
      return scenario === "lost-allies" ? "courage" : "scare";
    default:
      return stone;
  }
}

export function actionName(action: ActionId): string {
  return t(`action.${action}`);
}

/** A stone's word in this scenario (the symbol's Action name, never colour alone). */
export function stoneName(stone: Stone, scenario: Scenario): string {
  return actionName(stoneAction(stone, scenario));
}

/** One physical board of a scenario as the table lays it out, Locations in printed order. */
export interface BoardLayout {
  id: string;
  locations: string[];
  /** The small starting board (Neverland, or the Jolly Roger). */
  small: boolean;
}

/** The boards of a scenario, in the reference layout of the position contract. */
export function boardLayout(scenario: Scenario): BoardLayout[] {
  return scenario === "lost-allies"
    ? [
        { id: "main-deck", locations: ["bow", "fore-deck", "crows-nest", "mid-deck", "stern"], small: false },
        { id: "neverland", locations: ["neverland"], small: true },
        { id: "gun-deck-board", locations: ["gun-deck", "galley", "captains-cabin"], small: false },
        { id: "hold-board", locations: ["hold", "crew-quarters"], small: false },
      ]
    : [
        { id: "cove-island", locations: ["pirate-cove", "mermaids-lagoon", "marooners-rock"], small: false },
        { id: "native-island", locations: ["native-village", "plains", "native-fort", "warpath-woods"], small: false },
        { id: "wood-island", locations: ["wendys-house", "neverwood", "fairy-hollow"], small: false },
        { id: "jolly-roger", locations: ["jolly-roger"], small: true },
      ];
}

/** Threat colours always come with a shape and a word. */
export const COLOUR_SHAPE: Record<"red" | "blue" | "yellow", string> = { red: "▲", blue: "■", yellow: "●" };

/** The colour of each Enemy kind (pack data, repeated here only to draw the tokens). */
export const KIND_COLOUR: Record<string, "red" | "blue" | "yellow"> = {
  raider: "red",
  brute: "blue",
  sniper: "yellow",
  orphan: "red",
  native: "blue",
  fairy: "yellow",
};

/** A piece's id in words: "raider-3" → "Raider 3", "captain-hook" → "Captain Hook". */
export function pieceName(id: string): string {
  const m = /^(.*)-(\d+)$/.exec(id);
  const kind = `piece.${m?.[1]}`;
  if (m && isKey(kind)) return `${t(kind)} ${m[2]}`;
  return textFor(`piece.${id}`, id);
}

export function locationName(id: string): string {
  return textFor(`loc.${id}`, id);
}

/** A Search card's id in words: an Item card by its Item ("fairy-dust-2" → "Fairy Dust"). */
export function cardName(card: string): string {
  const base = card.replace(/-\d+$/, "");
  return textFor(`item.${base}`, card);
}

/** The one or two Enemies of a Taunt or Scare, in words. */
const enemyNames = (enemy: string, also: string | null) => [enemy, also].filter((x) => x !== null).map(pieceName).join(", ");

/** One command of a table game in words, for the History ("Peter Pan fought Raider 2"). */
export function historyText(c: TableCommand, by: string): string {
  const who = pieceName(by);
  switch (c.type) {
    case "move":
      return c.escort.length
        ? t("table.h.move.escort", { who, where: locationName(c.to), with: c.escort.map(pieceName).join(", ") })
        : t("table.h.move", { who, where: locationName(c.to) });
    case "fight":
      return t("table.h.fight", { who, target: pieceName(c.target) });
    case "capture":
    case "drop":
      return t(`table.h.${c.type}`, { who, target: pieceName(c.hostage) });
    case "taunt":
      return t(c.coin ? "table.h.taunt.coin" : "table.h.taunt", { who, target: enemyNames(c.enemy, c.also) });
    case "trade-coins":
      return t("table.h.trade-coins", { who, card: cardName(c.card) });
    case "scare":
      return t("table.h.scare", { who, target: enemyNames(c.enemy, c.also), where: locationName(c.to) });
    case "courage":
    case "loot-rescue":
      return t(`table.h.${c.type}`, { who, target: pieceName(c.character) });
    case "loot-spend":
      return t("table.h.loot-spend", { who, n: c.coins });
    case "use-item":
      return t("table.h.use-item", { who, item: t(`item.${c.item}`) });
    case "give":
      return t("table.h.give", { who: c.from ? pieceName(c.from) : who, target: pieceName(c.to) });
    case "row":
      return t("table.h.row", { who, where: locationName(c.to) });
    case "threat-drawn":
      return t("table.h.threat-drawn", { who, card: c.card });
    case "change-colour":
      return t("table.h.change-colour", { who, colour: `${COLOUR_SHAPE[c.colour]} ${t(`colour.${c.colour}`)}` });
    case "activate":
      return t("table.h.activate", { who, n: c.option + 1 });
    default:
      return t(`table.h.${c.type}`, { who });
  }
}

/** The legal plain Move (no escort) of the active Character to `loc`, if the engine offers one. */
export function legalMove(view: TableView, loc: string): TableCommand | null {
  return view.legal.find((c) => c.type === "move" && c.to === loc && c.escort.length === 0) ?? null;
}

/** The legal Fight against `target`, if the engine offers one. */
export function legalFight(view: TableView, target: string): TableCommand | null {
  return view.legal.find((c) => c.type === "fight" && c.target === target) ?? null;
}

/** What one activation option does, in words ("Wound Peter Pan ×2"). */
export function optionText(o: EnemyAct): string {
  switch (o.action) {
    case "wound":
      return t("table.option.wound", { who: pieceName(o.character), n: o.wounds });
    case "kill-hostage":
      return t("table.option.kill-hostage", { who: pieceName(o.hostage) });
    case "search":
      return t("table.option.search", { where: locationName(o.location) });
    case "move":
      return t("table.option.move", { where: locationName(o.to) });
    case "rescue-hostage":
      return t("table.option.rescue-hostage", { who: pieceName(o.hostage) });
    case "discover":
      return t("table.option.discover", { n: o.count, kind: pieceName(o.kind), where: locationName(o.location) });
    default:
      return t("table.option.none");
  }
}

/** Where a piece stands on the table, or null. */
export function whereIs(p: LegacyPosition, id: string): string | null {
  return (
    p.enemies.find((e) => e.id === id)?.at ??
    p.named_enemies.find((n) => n.id === id)?.at ??
    p.characters.find((c) => c.id === id)?.at ??
    p.hostages.find((h) => h.id === id)?.at ??
    null
  );
}

/** The Location an option acts on (where the Enemy goes, who it wounds, what it searches). */
export function optionTarget(p: LegacyPosition, o: EnemyAct): string | null {
  switch (o.action) {
    case "wound":
      return whereIs(p, o.character);
    case "kill-hostage":
    case "rescue-hostage":
      return whereIs(p, o.hostage);
    case "search":
    case "discover":
      return o.location;
    case "move":
      return o.to;
    default:
      return null;
  }
}

/** Why the Enemy does it: the priority line that applied, in our words. */
export function reasonText(pending: PendingView): string {
  const named = /^(red|blue|yellow)-(\d+)$/.exec(pending.priority);
  if (named) {
    return t("table.reason.named", { colour: textFor(`colour.${named[1]}`, named[1]!), step: named[2]! });
  }
  const first = pending.options[0];
  const why = first ? t(`table.reason.${first.action}`) : t("table.reason.none");
  return t("table.reason.priority", { priority: pending.priority, why });
}

/** One mark on a board tile while an activation is shown: who acts here, or what an option does here. */
export interface TileMark {
  role: "acts" | "target";
  /** The option's index (for ties, numbered like the buttons), or null for the acting Enemy. */
  option: number | null;
  text: string;
}

/**
 * The current activation drawn on the board: the acting Enemy's tile and each option's target
 * tile, with words (never colour alone). Ties are numbered like their buttons.
 */
export function activationMarks(p: LegacyPosition, pending: PendingView | null): Record<string, TileMark[]> {
  const marks: Record<string, TileMark[]> = {};
  if (!pending) return marks;
  const add = (loc: string | null, m: TileMark) => {
    if (loc) (marks[loc] ??= []).push(m);
  };
  add(whereIs(p, pending.enemy), { role: "acts", option: null, text: t("table.mark.acts", { who: pieceName(pending.enemy) }) });
  const tie = pending.options.length > 1;
  pending.options.forEach((o, i) => {
    const text = optionText(o);
    add(optionTarget(p, o), { role: "target", option: i, text: tie ? t("table.mark.choice", { n: i + 1, text }) : text });
  });
  return marks;
}

/** Two commands are the same when every field is (key order does not matter). */
export function sameCommand(a: TableCommand, b: TableCommand): boolean {
  const norm = (c: TableCommand) => JSON.stringify(Object.entries(c).sort(([x], [y]) => (x < y ? -1 : 1)));
  return norm(a) === norm(b);
}

/** Whether the engine would accept `cmd` now (the screen marks such buttons). */
export function isLegal(view: TableView, cmd: TableCommand): boolean {
  return view.legal.some((c) => sameCommand(c, cmd));
}

/** A command as a button says it ("Courage for Wendy", "Move to the Bow"). */
export function commandLabel(c: TableCommand): string {
  switch (c.type) {
    case "move":
      return c.escort.length
        ? t("table.do.move.escort", { where: locationName(c.to), with: c.escort.map(pieceName).join(", ") })
        : t("table.option.move", { where: locationName(c.to) });
    case "fight":
      return t("table.do.fight", { who: pieceName(c.target) });
    case "search":
      return t("table.do.search");
    case "capture":
      return t("table.do.capture", { who: pieceName(c.hostage) });
    case "taunt":
      return t(c.coin ? "table.do.taunt.coin" : "table.do.taunt", { who: enemyNames(c.enemy, c.also) });
    case "trade-coins":
      return t("table.do.trade-coins", { card: cardName(c.card) });
    case "scare":
      return t("table.do.scare", { who: enemyNames(c.enemy, c.also), where: locationName(c.to) });
    case "courage":
      return t("table.do.courage", { who: pieceName(c.character) });
    case "loot-gain":
      return t("table.do.loot");
    case "loot-spend":
      return t("table.do.lootspend");
    case "loot-rescue":
      return t("table.do.lootrescue", { who: pieceName(c.character) });
    case "rest":
      return t("table.do.rest");
    case "step-off":
      return t("table.do.stepoff");
    case "row":
      return t("table.do.row", { where: locationName(c.to) });
    case "call-rowboat":
      return t("table.do.call");
    case "board":
      return t("table.do.board");
    case "give":
      return c.item
        ? t("table.do.give.item", { item: t(`item.${c.item}`), who: pieceName(c.to) })
        : c.hostage
          ? t("table.do.give.hostage", { hostage: pieceName(c.hostage), who: pieceName(c.to) })
          : t("table.do.give.coins", { n: c.coins, who: pieceName(c.to) });
    default:
      return c.type;
  }
}

/**
 * The legal commands that involve Location `loc` beyond the plain ones a tile already offers
 * (a Move without escort, a Fight, a single-Enemy Taunt or Scare, Search): Moves escorting a
 * Hostage, two-Enemy Taunts and Scares, Coin Taunts, Courage, rescues, trades, captures, rows
 * with passengers.
 */
export function moreAt(view: TableView, loc: string): TableCommand[] {
  const at = (id: string) => whereIs(view.table, id) === loc;
  return view.legal.filter((c) => {
    switch (c.type) {
      case "move":
        return c.to === loc && c.escort.length > 0;
      case "row":
        return c.to === loc && c.with.length > 0;
      case "taunt":
        return (c.also !== null || c.coin) && at(c.enemy);
      case "scare":
        return c.also !== null && at(c.enemy);
      case "courage":
      case "loot-rescue":
        return at(c.character);
      case "give":
        return at(c.to);
      case "capture":
        return at(c.hostage);
      default:
        return false;
    }
  });
}
