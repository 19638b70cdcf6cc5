// Pure view logic for the Morale tracker screen (kind `legacy`, the app's first Legacy slice: Despair
// and Morale Checks only, beside a game played wholly on the real table). No DOM, no IPC.
import type { MoraleCommand, MoraleRoll, MoraleView } from "./bindings";
import { contentText, t } from "./i18n";
import { actionName, stoneName } from "./legacy";

export const MAX_DESPAIR = 4;

/** The Despair a +/− tap asks for, or null when the tap would leave 0..4. */
export function nextDespair(current: number, delta: 1 | -1): number | null {
  const next = current + delta;
  return next < 0 || next > MAX_DESPAIR ? null : next;
}

export interface PlanLine {
  kind: "mandatory" | "chosen";
  label: string;
}

/** The 4 Actions of the turn as lines: Mandatory ones first, in rolled order, then Chosen. */
export function planLines(roll: MoraleRoll): PlanLine[] {
  const lines: PlanLine[] = roll.plan.mandatory.map((a) => ({ kind: "mandatory", label: actionName(a) }));
  for (let i = 0; i < roll.plan.chosen; i++) lines.push({ kind: "chosen", label: t("morale.plan.chosen") });
  return lines;
}

export function characterName(view: MoraleView, id: string): string {
  const name = view.state.characters.find((c) => c.id === id)?.name ?? id;
  return contentText(view.state.scenario, id, "name", name);
}

export function latestRoll(view: MoraleView, character: string): MoraleRoll | null {
  const rolls = view.state.rolls.filter((r) => r.character === character);
  return rolls[rolls.length - 1] ?? null;
}

/** A command in words for the History list; a Morale Check is told with the stones it rolled. */
export function describe(view: MoraleView, cmd: MoraleCommand, roll?: MoraleRoll): string {
  const name = characterName(view, cmd.character);
  switch (cmd.type) {
    case "choose-character":
      return t("morale.history.choose-character", { name });
    case "set-despair":
      return t("morale.history.set-despair", { name, n: cmd.despair });
    case "morale-check":
      return roll && roll.stones.length > 0
        ? t("morale.history.morale-check", {
            name,
            stones: roll.stones.map((s) => stoneName(s, view.state.scenario)).join(", "),
          })
        : t("morale.history.morale-check.none", { name });
  }
}

/** History lines, newest first. The n-th Morale Check in force produced the n-th roll. */
export function historyLines(view: MoraleView): { step: number; text: string }[] {
  let rollIndex = view.history.filter((h) => h.command.type === "morale-check").length - 1;
  return view.history.map((h) => ({
    step: h.step,
    text: describe(view, h.command, h.command.type === "morale-check" ? view.state.rolls[rollIndex--] : undefined),
  }));
}
