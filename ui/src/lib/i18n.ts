// Every string the UI shows comes from this table. English first; another language is another
// table with the same keys (the type makes a missing key a compile error).

const en = {
  "app.title": "Neverland Companion",
  "app.loading": "Opening your saved games…",
  "app.error.title": "Something went wrong",
  "app.error.dismiss": "Dismiss",
  "nav.games": "Games",
  "nav.undo": "Undo",
  "nav.redo": "Redo",
  "games.heading": "Saved games",
  "games.unavailable": "Your saved games could not be opened. The message above says why; the file was not changed.",
  "games.empty": "No saved games yet: start one with New game.",
  "games.new.heading": "New game of Neverland's Legacy",
  "games.new.scenario": "Scenario",
  "games.new.seed": "Seed (optional)",
  "games.new.seed.hint": "Leave empty for a fresh shuffle; type a number to replay a known game.",
  "games.new.start": "Start game",
  "games.resume": "Resume",
  "games.delete": "Delete",
  "games.delete.confirm": "Delete this game for good?",
  "games.delete.yes": "Yes, delete",
  "games.delete.no": "Keep it",
  "games.row.steps": "{n} steps",
  "games.row.played": "Last played {when}",
  "games.row.number": "Game {id}",
  "status.in-progress": "In progress",
  "status.won": "Won",
  "status.lost": "Lost",
  "scenario.lost-allies": "Lost Allies",
  "scenario.pirates": "Pirates",
  "game.heading": "{scenario} · game {id}",
  "game.seed": "Seed {seed}",
  "game.characters": "Characters",
  "game.pick": "Pick the Character whose turn it is.",
  "game.despair": "Despair",
  "game.despair.less": "Remove one Despair from {name}",
  "game.despair.more": "Add one Despair to {name}",
  "game.despair.max": "4 is the most a sheet holds.",
  "game.morale": "Morale Check",
  "game.morale.roll": "Roll {n} Stones of Chance for {name}",
  "game.morale.none": "No Despair: no stones to roll, every Action is chosen.",
  "game.stones": "Stones of Chance",
  "game.plan": "Turn plan",
  "game.plan.mandatory": "Mandatory",
  "game.plan.chosen": "Chosen",
  "game.plan.chosen.count": "{n} Chosen Actions",
  "game.plan.rest": "Rest rolled {n}×: counts as a Chosen Action.",
  "game.plan.destiny": "Spend Destiny for a 5th Action.",
  "game.history": "History",
  "game.history.empty": "Nothing has happened yet.",
  "history.choose-character": "{name} takes the turn",
  "history.set-despair": "{name}'s Despair set to {n}",
  "history.morale-check": "{name} rolled a Morale Check: {stones}",
  "history.morale-check.none": "{name} rolled a Morale Check with no Despair",
  "stone.move": "Move",
  "stone.fight": "Fight",
  "stone.search": "Search",
  "stone.taunt-loot": "Taunt / Loot",
  "stone.courage-scare": "Courage / Scare",
  "stone.rest": "Rest",
  "action.move": "Move",
  "action.fight": "Fight",
  "action.search": "Search",
  "action.taunt": "Taunt",
  "action.courage": "Courage",
  "action.loot": "Loot",
  "action.scare": "Scare",
  "action.rest": "Rest",
  "error.invalid-input": "That value is not accepted",
  "error.illegal-command": "The rules do not allow that",
  "error.not-found": "That game is gone",
  "error.nothing-to-undo": "Nothing to undo",
  "error.nothing-to-redo": "Nothing to redo",
  "error.database-corrupt": "The saved-games file is damaged",
  "error.database-newer": "The saved-games file is from a newer version",
  "error.database-unwritable": "The saved games cannot be written",
  "error.conflict": "The game changed meanwhile",
  "error.content": "A content pack is broken",
  "error.storage": "Saving failed",
} as const;

export type Key = keyof typeof en;
export type Table = Record<Key, string>;

const tables: Record<string, Table> = { en };
let current: Table = en;

export function setLanguage(lang: string): void {
  current = tables[lang] ?? en;
}

/** The text for `key`, with `{name}` placeholders filled from `params`. */
export function t(key: Key, params: Record<string, string | number> = {}): string {
  return current[key].replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}

export const languages = Object.keys(tables);
