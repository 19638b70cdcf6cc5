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
steps: number, 
/**
 * Legacy table games: how many play, and whose turn number it is (1 for the first).
 */
players: number | null, turn: number | null, };

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

export type ErrorCode = "invalid-input" | "illegal-command" | "not-found" | "nothing-to-undo" | "nothing-to-redo" | "database-corrupt" | "database-newer" | "database-unwritable" | "conflict" | "content" | "storage" | "photo-unreadable" | "no-card-in-photo";

export type AppError = { code: ErrorCode, message: string, };

export type Hero = "peter-pan" | "tiger-lily" | "wendy" | "tinker-bell" | "john-michael";

export type Setup = { heroes: Array<Hero>, first_player: number, 
/**
 * Ids of the Event cards in play (from the campaign's envelope).
 */
events: Array<string>, };

export type Xy = { x: number, y: number, };

export type Ring = { x: number, y: number, r: number, };

export type Target = { "to": "gauge", at: number, } | { "to": "discard" };

export type Pile = "distance" | "direction";

export type Back = "aurora" | "storm";

export type Command = { "type": "set-sleeve", player: number, sleeve: SleeveInput, } | { "type": "draw", player: number, pile: Pile, } | { "type": "take-from-discard", player: number, card: string, } | { "type": "remove-from-neighbour", player: number, card: string, } | { "type": "reposition", player: number, card: string, at: number, } | { "type": "play", player: number, card: string, target: Target, } | { "type": "danger", player: number, level: number, } | { "type": "start-acting" } | { "type": "move", path: Array<Xy>, } | { "type": "camp", centre: Xy, } | { "type": "explore", circles: Array<Xy>, } | { "type": "uncover", centre: Xy, } | { "type": "end-turn" };

export type Outcome = "won" | "lost";

export type Phase = { "phase": "sleeves" } | { "phase": "visions" } | { "phase": "act", active: number, moved: boolean, camped: boolean, explored: boolean, } | { "phase": "ended", outcome: Outcome, };

export type GaugeCard = { card: string, pile: Pile, face: string, at: number, };

export type Drawn = { x: number, y: number, r: number, 
/**
 * Peter Pan's Uncover Hook circles are dotted.
 */
dotted: boolean, };

export type Verdict = { "action": "explore", round: number, player: number, hook_encountered: boolean, child_found: boolean, } | { "action": "uncover", round: number, player: number, hook_present: boolean, };

export type PileView = { pile: Pile, remaining: number, 
/**
 * The back of the top card, None when the pile is empty.
 */
top_back: Back | null, };

export type PlayerPublic = { hero: Hero, at: Xy, hand_size: number, gauge: Array<GaugeCard>, danger: number, circles: Array<Drawn>, has_sleeve: boolean, drawn: number, played: number, 
/**
 * This player has drawn and played their Visions for the round.
 */
visions_done: boolean, 
/**
 * Tiger Lily may still take this many Visions from the discard this round.
 */
discard_picks: number, };

export type PublicView = { round: number, first_player: number, phase: Phase, lost_children: number, lost_child_spaces: number, hook_marks: number, hook_spaces: number, camps: Array<Xy>, camp_spaces_left: number, piles: Array<PileView>, 
/**
 * The discard pile, top last (face up: Tiger Lily picks from it).
 */
discard: Array<GaugeCard>, players: Array<PlayerPublic>, verdicts: Array<Verdict>, magic_powder: boolean, };

export type SleeveInput = { cross: Xy, hooks: Array<Ring>, dark_areas: Array<Array<[number, number]>>, };

export type NewPansGame = { setup: Setup, 
/**
 * A whole number as text; empty or absent for a fresh one.
 */
seed?: string, 
/**
 * The campaign this game belongs to: its Events come from the campaign's envelope (the
 * set-up's own `events` are then ignored).
 */
campaign?: number, };

export type CardSleeve = { cross: Xy, hooks: Array<Ring>, dark_areas: Array<Array<[number, number]>>, };

export type PansStep = { "step": "play", command: Command, } | { "step": "sleeve", player: number, secret: number, };

export type PansHistoryItem = { step: number, entry: PansStep, 
/**
 * What the referee answered, for an Explore or an Uncover Hook.
 */
verdict: Verdict | null, };

export type PansView = { game: GameSummary, setup: Setup, 
/**
 * The campaign this game belongs to, if any.
 */
campaign: number | null, state: PublicView, can_undo: boolean, can_redo: boolean, 
/**
 * Steps in force, newest first.
 */
history: Array<PansHistoryItem>, 
/**
 * What the set-up discarded from the Vision piles (the rulebook's table by player count).
 */
setup_discards: SetupDiscards, 
/**
 * Verdicts that were shown and then undone (and not redone), oldest first: once shown, a
 * verdict stays part of the record.
 */
withdrawn: Array<PansHistoryItem>, };

export type BoardView = { width: number, height: number, 
/**
 * The mini-card's size in card millimetres (the sleeve screens draw it).
 */
card_width: number, card_height: number, accessible: Array<Array<[number, number]>>, inaccessible: Array<Array<[number, number]>>, movement: number, explore_radius: number, camp_radius: number, };

export type PansHand = { player: number, hand: Array<GaugeCard>, 
/**
 * The number of the Neverland mini-card this player slid into their sleeve.
 */
mini_card: number, };

export type SetupDiscards = { distance: number, direction: number, };

export type LegacyCharacterAt = { id: string, at: string, wounds: number, despair: number, destiny: boolean, fallen: boolean, coins: number, items: Array<string>, carrying: Array<string>, on_rowboat: boolean, };

export type LegacyEnemyAt = { id: string, kind: string, at: string, };

export type LegacyNamedAt = { id: string, at: string, wounds: number, };

export type LegacyHostageAt = { id: string, at: string, };

export type LegacyPosition = { format: string, scenario: Scenario, characters: Array<LegacyCharacterAt>, enemies: Array<LegacyEnemyAt>, named_enemies: Array<LegacyNamedAt>, search_tokens: { [key in string]: number }, hostages: Array<LegacyHostageAt>, rowboat: string | null, };

export type EnemyAct = { "action": "wound", character: string, wounds: number, } | { "action": "kill-hostage", hostage: string, } | { "action": "search", location: string, } | { "action": "move", to: string, path: Array<string>, } | { "action": "rescue-hostage", hostage: string, } | { "action": "none" } | { "action": "discover", kind: string, count: number, location: string, };

export type Item = "fairy-dust" | "bandage" | "lucky-charm" | "grog";

export type Colour = "red" | "blue" | "yellow";

export type TableSetup = { 
/**
 * 1 to 4; solo (1) plays two Characters with a 2-player set-up.
 */
players: number, 
/**
 * The Characters in turn order; empty takes the pack's first ones.
 */
characters: Array<string>, 
/**
 * The players draw real Threat cards and tell the engine which one came up.
 */
physical_threat_deck: boolean, };

export type TableCommand = { "type": "morale-check" } | { "type": "move", to: string, escort: Array<string>, } | { "type": "fight", target: string, } | { "type": "search" } | { "type": "capture", hostage: string, } | { "type": "taunt", enemy: string, also: string | null, coin: boolean, } | { "type": "trade-coins", card: string, } | { "type": "scare", enemy: string, to: string, also: string | null, } | { "type": "courage", character: string, } | { "type": "loot-gain", bonus_despair: boolean, } | { "type": "loot-spend", coins: number, } | { "type": "loot-rescue", character: string, } | { "type": "rest" } | { "type": "fifth-action" } | { "type": "use-item", item: Item, hostage: string | null, } | { "type": "give", to: string, item: Item | null, coins: number, hostage: string | null, } | { "type": "board" } | { "type": "step-off" } | { "type": "row", to: string, with: Array<string>, } | { "type": "call-rowboat", with: Array<string>, } | { "type": "drop", hostage: string, } | { "type": "end-actions" } | { "type": "draw-threat" } | { "type": "threat-drawn", card: string, } | { "type": "change-colour", character: string, colour: Colour, } | { "type": "resolve-threat" } | { "type": "activate", option: number, };

export type TableLoss = "search-deck-empty" | "hostage-killed" | "hostage-rescued-by-fairy" | "all-characters-fallen" | "third-named-enemy";

export type TableOutcome = { "result": "won" } | { "result": "lost", cause: TableLoss, };

export type PendingActivation = { "who": "enemy", id: string, } | { "who": "named", id: string, step: number, } | { "who": "after", id: string, step: number, };

export type TablePhase = { "stage": "morale" } | { "stage": "actions" } | { "stage": "draw" } | { "stage": "colour", card: string, colour: Colour, } | { "stage": "activations", card: string, colour: Colour, queue: Array<PendingActivation>, 
/**
 * The Discover is done and the card discarded: these are "after resolving" effects.
 */
after: boolean, } | { "stage": "over", outcome: TableOutcome, };

export type TableTurn = { stones: Array<Stone>, 
/**
 * Mandatory Actions not yet performed.
 */
mandatory: Array<ActionId>, 
/**
 * Chosen Actions left.
 */
chosen: number, fifth_used: boolean, 
/**
 * Moved into Enemies: no more Moves this turn (Lost Allies).
 */
stopped: boolean, 
/**
 * Fairy Dust: Enemies are ignored while moving.
 */
ignore_enemies: boolean, 
/**
 * Wounds dealt to each Brute this turn.
 */
brute_wounds: Array<[string, number]>, };

export type EndOfTurn = "regain-destiny" | "heal-wound";

export type NewLegacyTable = { scenario: Scenario, 
/**
 * 1 to 4 (solo plays two Characters).
 */
players: number, 
/**
 * Characters in turn order; empty for the pack's first ones.
 */
characters: Array<string>, physical_threat_deck: boolean, 
/**
 * A whole number as text; empty or absent for a fresh one.
 */
seed?: string, 
/**
 * A table to start from: a position file's text (`neverland-legacy-position/1`). Its
 * Characters replace `players` and `characters`.
 */
position?: string, };

export type Placement = { at: string, enemies: number, search: number, };

export type SetupCard = { card: string, colour: Colour, 
/**
 * The Enemy kind of that colour the diagram places.
 */
kind: string, placements: Array<Placement>, };

export type SetupChecklist = { cards: Array<SetupCard>, 
/**
 * Sizes of the Search deck's top stacks; the Hostage cards go in the pile under them.
 */
search_stacks: Array<number>, 
/**
 * Hostage cards shuffled into the bottom pile (one per seat).
 */
hostage_cards: Array<string>, 
/**
 * The Named Enemy sheet set aside until the last Hostage is found.
 */
set_aside: Array<string>, };

export type PendingView = { enemy: string, 
/**
 * The priority line that applied ("2a", "4", "red-2" for a Named Enemy's step).
 */
priority: string, 
/**
 * Ties are the players' choice; one option means no choice.
 */
options: Array<EnemyAct>, 
/**
 * How many activations are still queued after this one.
 */
queued: number, };

export type TableHistoryItem = { step: number, command: TableCommand, 
/**
 * Who did it: the active Character, or for an activation the Enemy that activated.
 */
by: string, };

export type TableView = { game: GameSummary, setup: TableSetup, table: LegacyPosition, 
/**
 * Index into `table.characters` of the Character whose turn it is.
 */
active: number, phase: TablePhase, turn: TableTurn, 
/**
 * The top Threat card while a controlled lookout shows it.
 */
peek: string | null, pending: PendingView | null, 
/**
 * While the active Character takes Actions: every command the engine would accept now
 * (the screen moves in one tap to a tile that is a legal Move, fights an Enemy in one tap).
 */
legal: Array<TableCommand>, 
/**
 * The legal commands that perform a Mandatory Action still owed this turn (the screen offers
 * them first: the Actions cannot end while one of them is possible).
 */
mandatory: Array<TableCommand>, 
/**
 * What ending the Actions here will do (a controlled Location's ability), proposed on screen.
 */
end_of_turn: EndOfTurn | null, 
/**
 * The last Threat's Discover, for the table to place (shown until the next Threat).
 */
last_discover: SetupCard | null, 
/**
 * Locations the Characters control now.
 */
controlled: Array<string>, threat_deck: number, 
/**
 * With a physical deck: the cards still in it (sorted), to say which one was drawn.
 */
threat_cards_left: Array<string>, threat_discard: Array<string>, 
/**
 * The four Threat cards whose diagrams were placed at set-up.
 */
setup_threats: Array<string>, 
/**
 * The set-up as a checklist for the real table.
 */
checklist: SetupChecklist, search_deck: number, can_undo: boolean, can_redo: boolean, 
/**
 * Commands in force, newest first.
 */
history: Array<TableHistoryItem>, };

export type Source = "rulebook" | "authored";

export type EventKind = "positive" | "negative";

export type Effect = { "type": "enhanced-abilities" } | { "type": "movement-bonus-mm", mm: number, } | { "type": "explore-radius-mm", mm: number, } | { "type": "camp-spaces", delta: number, } | { "type": "hook-spaces", delta: number, } | { "type": "hook-spaces-marked-at-start", count: number, } | { "type": "storm-hook-symbols-ignored" };

export type Event = { id: string, name: string, kind: EventKind, source: Source, effect: Effect, };

export type Special = "lost-with-all-positive-remove-negative" | "lost-with-all-positive-and-no-negative" | "won-with-all-negative-remove-positive" | "won-with-all-negative-and-no-positive";

export type GameRecord = { game: number, outcome: Outcome, 
/**
 * The Events that were in play during the game.
 */
played_with: Array<string>, added: string | null, removed: Array<string>, special: Special | null, };

export type CampaignGame = { game_id: number, status: string, 
/**
 * What the game's end did to the envelope (absent while it is being played).
 */
record: GameRecord | null, };

export type CampaignView = { campaign: GameSummary, envelope: Array<Event>, games: Array<CampaignGame>, 
/**
 * The campaign's game being played, if any (the next starts when it ends).
 */
in_progress: number | null, 
/**
 * Every Event card (for the names in the games' records).
 */
events: Array<Event>, };

export type Card = { 
/**
 * Top-left, top-right, bottom-right, bottom-left of the upright card, in photo pixels.
 */
corners_px: [[number, number], [number, number], [number, number], [number, number]], };

export type Hook = { x: number, y: number, r: number, hidden: boolean, };

export type CrossAt = { x: number, y: number, };

export type Confidence = { card: number, orientation: number, hooks: number, dark_areas: number, cross: number, };

export type Doubt = { 
/**
 * The output field in doubt: "card" (the outline or which way up), "hooks" (a ring found,
 * missed or invented), "hidden" (a ring's hidden flag), "cross", "dark_areas".
 */
field: string, 
/**
 * The ring concerned (its index in `hooks`), when the doubt is about one found ring.
 */
hook: number | null, 
/**
 * The card corner concerned (0 top-left .. 3 bottom-left), for an outline doubt.
 */
corner: number | null, 
/**
 * Where to look, in card millimetres, when the doubt has a place.
 */
at: [number, number] | null, 
/**
 * The confidence (0 to 1) that this part of the reading is right.
 */
confidence: number, };

export type Scan = { card: Card, hooks: Array<Hook>, dark_areas: Array<Array<[number, number]>>, cross: CrossAt | null, confidence: Confidence, doubts: Array<Doubt>, warnings: Array<string>, };

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
    pansBoard: (): Promise<BoardView> => invoke("pans_board"),
    newCampaign: (seed: string | null): Promise<CampaignView> => invoke("new_campaign", { seed }),
    campaign: (campaignId: number): Promise<CampaignView> => invoke("campaign", { campaignId }),
    newPansGame: (args: NewPansGame): Promise<PansView> => invoke("new_pans_game", { args }),
    pansGame: (gameId: number): Promise<PansView> => invoke("pans_game", { gameId }),
    pansHand: (gameId: number, player: number): Promise<PansHand> => invoke("pans_hand", { gameId, player }),
    pansCommand: (gameId: number, command: Command): Promise<PansView> => invoke("pans_command", { gameId, command }),
    setSleeve: (gameId: number, player: number, sleeve: CardSleeve): Promise<PansView> => invoke("set_sleeve", { gameId, player, sleeve }),
    pansUndo: (gameId: number): Promise<PansView> => invoke("pans_undo", { gameId }),
    pansRedo: (gameId: number): Promise<PansView> => invoke("pans_redo", { gameId }),
    scanSleeve: (photoBase64: string, corners: Array<[number, number]> | null): Promise<Scan> => invoke("scan_sleeve", { photoBase64, corners }),
    newLegacyTable: (args: NewLegacyTable): Promise<TableView> => invoke("new_legacy_table", { args }),
    legacyTable: (gameId: number): Promise<TableView> => invoke("legacy_table", { gameId }),
    legacyTableCommand: (gameId: number, command: TableCommand): Promise<TableView> => invoke("legacy_table_command", { gameId, command }),
    legacyTableUndo: (gameId: number): Promise<TableView> => invoke("legacy_table_undo", { gameId }),
    legacyTableRedo: (gameId: number): Promise<TableView> => invoke("legacy_table_redo", { gameId }),
    legacyTablePosition: (gameId: number): Promise<string> => invoke("legacy_table_position", { gameId }),
    legacyTableRecord: (gameId: number): Promise<string> => invoke("legacy_table_record", { gameId }),
    importLegacyRecord: (text: string): Promise<TableView> => invoke("import_legacy_record", { text }),
  };
}
