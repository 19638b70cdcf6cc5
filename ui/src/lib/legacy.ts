// Pure view logic for Neverland's Legacy screens: no DOM, no IPC, tested with Vitest.
import type { ActionId, LegacyCommand, LegacyView, MoraleRoll, Scenario, Stone, TableCommand } from "./bindings";
import { en, t, type Key } from "./i18n";

export const MAX_DESPAIR = 4;

/** The Despair a +/− tap asks for, or null when the tap would leave 0..4. */
export function nextDespair(current: number, delta: 1 | -1): number | null {
  const next = current + delta;
  return next < 0 || next > MAX_DESPAIR ? null : next;
}

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
  return t(`action.${action}` as Key);
}

/** A stone's word in this scenario (the symbol's Action name, never colour alone). */
export function stoneName(stone: Stone, scenario: Scenario): string {
  return actionName(stoneAction(stone, scenario));
}

export interface PlanLine {
  kind: "mandatory" | "chosen";
  label: string;
}

/** The 4 Actions of the turn as lines: Mandatory ones first, in rolled order, then Chosen. */
export function planLines(roll: MoraleRoll): PlanLine[] {
  const lines: PlanLine[] = roll.plan.mandatory.map((a) => ({ kind: "mandatory", label: actionName(a) }));
  for (let i = 0; i < roll.plan.chosen; i++) lines.push({ kind: "chosen", label: t("game.plan.chosen") });
  return lines;
}

export function characterName(view: LegacyView, id: string): string {
  return view.state.characters.find((c) => c.id === id)?.name ?? id;
}

export function latestRoll(view: LegacyView, character: string): MoraleRoll | null {
  const rolls = view.state.rolls.filter((r) => r.character === character);
  return rolls[rolls.length - 1] ?? null;
}

/** A command in words for the History list; a Morale Check is told with the stones it rolled. */
export function describe(view: LegacyView, cmd: LegacyCommand, roll?: MoraleRoll): string {
  const name = characterName(view, cmd.character);
  switch (cmd.type) {
    case "choose-character":
      return t("history.choose-character", { name });
    case "set-despair":
      return t("history.set-despair", { name, n: cmd.despair });
    case "morale-check":
      return roll && roll.stones.length > 0
        ? t("history.morale-check", {
            name,
            stones: roll.stones.map((s) => stoneName(s, view.state.scenario)).join(", "),
          })
        : t("history.morale-check.none", { name });
  }
}

/** History lines, newest first. The n-th Morale Check in force produced the n-th roll. */
export function historyLines(view: LegacyView): { step: number; text: string }[] {
  let rollIndex = view.history.filter((h) => h.command.type === "morale-check").length - 1;
  return view.history.map((h) => ({
    step: h.step,
    text: describe(view, h.command, h.command.type === "morale-check" ? view.state.rolls[rollIndex--] : undefined),
  }));
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
  const key = `piece.${id}`;
  const m = /^(.*)-(\d+)$/.exec(id);
  if (m && `piece.${m[1]}` in en) return `${t(`piece.${m[1]}` as Key)} ${m[2]}`;
  return key in en ? t(key as Key) : id;
}

export function locationName(id: string): string {
  const key = `loc.${id}`;
  return key in en ? t(key as Key) : id;
}

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
      return t("table.h.taunt", { who, target: [c.enemy, c.also].filter((x) => x).map((x) => pieceName(x!)).join(", ") });
    case "scare":
      return t("table.h.scare", {
        who,
        target: [c.enemy, c.also].filter((x) => x).map((x) => pieceName(x!)).join(", "),
        where: locationName(c.to),
      });
    case "courage":
    case "loot-rescue":
      return t(`table.h.${c.type}`, { who, target: pieceName(c.character) });
    case "loot-spend":
      return t("table.h.loot-spend", { who, n: c.coins });
    case "use-item":
      return t("table.h.use-item", { who, item: t(`item.${c.item}` as Key) });
    case "give":
      return t("table.h.give", { who, target: pieceName(c.to) });
    case "row":
      return t("table.h.row", { who, where: locationName(c.to) });
    case "threat-drawn":
      return t("table.h.threat-drawn", { who, card: c.card });
    case "change-colour":
      return t("table.h.change-colour", { who, colour: `${COLOUR_SHAPE[c.colour]} ${t(`colour.${c.colour}` as Key)}` });
    case "activate":
      return t("table.h.activate", { who, n: c.option + 1 });
    default:
      return t(`table.h.${c.type}` as Key, { who });
  }
}
