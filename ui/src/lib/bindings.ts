// Generated from crates/companion/src/api.rs by its bindings test. Do not edit:
// run `UPDATE_BINDINGS=1 cargo test -p neverland-companion` after changing a type.
/* eslint-disable */

export type Scenario = "lost-allies" | "pirates";

export type Stone = "move" | "fight" | "search" | "taunt-loot" | "courage-scare" | "rest";

export type ActionId = "move" | "fight" | "search" | "taunt" | "courage" | "loot" | "scare" | "rest";

export type TurnPlan = { 
/**
 * Mandatory Actions in the order the stones were rolled, named for the scenario.
 */
mandatory: Array<ActionId>, 
/**
 * How many of the 4 Actions the player chooses freely (Rest results count here).
 */
chosen: number, 
/**
 * How many stones showed Rest (each is a Chosen Action, not a Mandatory Rest).
 */
rest_rolled: number, };

export type MoraleRoll = { character: string, despair: number, stones: Array<Stone>, plan: TurnPlan, };

export type CharacterState = { id: string, name: string, despair: number, };

export type GameState = { scenario: Scenario, characters: Array<CharacterState>, active: string | null, 
/**
 * Every Morale Check so far, oldest first.
 */
rolls: Array<MoraleRoll>, };

export type LegacyCommand = { "type": "choose-character", character: string, } | { "type": "set-despair", character: string, despair: number, } | { "type": "morale-check", character: string, };

export type GameSummary = { id: number, kind: string, pack_id: string, pack_version: number, 
/**
 * Decimal text: seeds are 64-bit and JavaScript numbers are not.
 */
seed: string, title: string, created_at_ms: number, updated_at_ms: number, status: string, 
/**
 * How many steps the stored log holds (undo and redo included).
 */
steps: number, };

export type NewLegacyGame = { scenario: Scenario, 
/**
 * A whole number from 0 to 18446744073709551615 as text; empty or absent for a fresh one.
 */
seed?: string, };

export type HistoryItem = { step: number, command: LegacyCommand, };

export type LegacyView = { game: GameSummary, state: GameState, can_undo: boolean, can_redo: boolean, 
/**
 * Commands in force, newest first.
 */
history: Array<HistoryItem>, };

export type ErrorCode = "invalid-input" | "illegal-command" | "not-found" | "nothing-to-undo" | "nothing-to-redo" | "database-corrupt" | "database-newer" | "database-unwritable" | "conflict" | "content" | "storage";

export type AppError = { code: ErrorCode, message: string, };

/** Calls a Tauri command; `@tauri-apps/api/core`'s `invoke` in the app, a fake in unit tests. */
export type Invoke = <T>(cmd: string, args?: Record<string, unknown>) => Promise<T>;

/** Every command of the app, typed. Errors reject with an `AppError`. */
export function makeCommands(invoke: Invoke) {
  return {
    listGames: (): Promise<Array<GameSummary>> => invoke("list_games"),
    newLegacyGame: (args: NewLegacyGame): Promise<LegacyView> => invoke("new_legacy_game", { args }),
    legacyGame: (gameId: number): Promise<LegacyView> => invoke("legacy_game", { gameId }),
    legacyCommand: (gameId: number, command: LegacyCommand): Promise<LegacyView> => invoke("legacy_command", { gameId, command }),
    undo: (gameId: number): Promise<LegacyView> => invoke("undo", { gameId }),
    redo: (gameId: number): Promise<LegacyView> => invoke("redo", { gameId }),
    deleteGame: (gameId: number): Promise<null> => invoke("delete_game", { gameId }),
  };
}
