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

export type TrackerCharacter = { id: string, name: string, despair: number, };

export type MoraleTracker = { scenario: Scenario, characters: Array<TrackerCharacter>, active: string | null, 
/**
 * Every Morale Check so far, oldest first.
 */
rolls: Array<MoraleRoll>, };

export type MoraleCommand = { "type": "choose-character", character: string, } | { "type": "set-despair", character: string, despair: number, } | { "type": "morale-check", character: string, };

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

export type NewMoraleTracker = { scenario: Scenario, 
/**
 * A whole number from 0 to 18446744073709551615 as text; empty or absent for a fresh one.
 */
seed?: string, };

export type MoraleHistoryItem = { step: number, command: MoraleCommand, };

export type MoraleView = { game: GameSummary, state: MoraleTracker, can_undo: boolean, can_redo: boolean, 
/**
 * Commands in force, newest first.
 */
history: Array<MoraleHistoryItem>, };

export type ErrorCode = "invalid-input" | "illegal-command" | "not-found" | "nothing-to-undo" | "nothing-to-redo" | "database-corrupt" | "database-newer" | "database-unwritable" | "conflict" | "table-changed" | "content" | "storage" | "photo-unreadable" | "no-card-in-photo";

export type Reason = { code: string, args: { [key in string]: string }, };

export type AppError = { code: ErrorCode, 
/**
 * In English, for the command line and the logs.
 */
message: string, 
/**
 * A table game's refusal, for the screen to say in the players' words.
 */
reason?: Reason, 
/**
 * The same error for a screen to say in the players' language: `detail.code` is the
 * translation key itself (`err.<code>` for the service's own errors, `refusal.<code>`,
 * `pans.refusal.<code>` and `warden.refusal.<code>` for the engines' refusals) and `args` its
 * named parameters. Every error the service makes carries one ([`fail!`] is its only
 * constructor besides the engines' refusals); a test fails when a code has no line in a
 * language.
 */
detail?: Reason, };

export type Hero = "peter-pan" | "tiger-lily" | "wendy" | "tinker-bell" | "john-michael";

export type Setup = { heroes: Array<Hero>, first_player: number, 
/**
 * Ids of the Event cards in play (from the campaign's envelope).
 */
events: Array<string>, 
/**
 * The house rule for "within the circle" (a Hook ring in an exploration circle or a
 * Camp). New games always store it; a game stored before it existed has none and replays
 * with the original readings ([`Within::Original`], and the Visions steps B and C allowed
 * before A).
 */
within?: Within, };

export type Xy = { x: number, y: number, };

export type Ring = { x: number, y: number, r: number, };

export type Target = { "to": "gauge", at: number, } | { "to": "discard" };

export type Pile = "distance" | "direction";

export type Back = "aurora" | "storm";

export type Command = { "type": "set-sleeve", player: number, sleeve: SleeveInput, } | { "type": "draw", player: number, pile: Pile, } | { "type": "take-from-discard", player: number, card: string, } | { "type": "remove-from-neighbour", player: number, card: string, } | { "type": "reposition", player: number, card: string, at: number, } | { "type": "play", player: number, card: string, target: Target, } | { "type": "danger", player: number, level: number, } | { "type": "start-acting" } | { "type": "move", path: Array<Xy>, } | { "type": "camp", centre: Xy, special?: boolean, } | { "type": "explore", circles: Array<Xy>, } | { "type": "uncover", centre: Xy, } | { "type": "end-turn" };

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
discard: Array<GaugeCard>, players: Array<PlayerPublic>, verdicts: Array<Verdict>, magic_powder: boolean, 
/**
 * The reading of "within the circle" this game is played with.
 */
within: Within, 
/**
 * The special Camp space (Peter Pan under The Magic Powder) is still unchecked.
 */
special_camp_left: boolean, 
/**
 * The radii and the template length the table plays with (after the Events): the
 * screen's preview circles and reach use them.
 */
explore_radius: number, camp_radius: number, movement: number, tinker_bell_bonus: number, };

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

export type SeatPass = { game_id: number, player: number, pass: string, };

export type RevealedSleeve = { 
/**
 * The seat that held it (its cross was for the player on that seat's right).
 */
holder: number, 
/**
 * 1, 2, … in the order they were confirmed.
 */
number: number, sleeve: SleeveInput, };

export type Within = "centre" | "touching" | "mostly" | "original";

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

export type TableCommand = { "type": "morale-check" } | { "type": "move", to: string, escort: Array<string>, } | { "type": "fight", target: string, } | { "type": "search" } | { "type": "capture", hostage: string, } | { "type": "taunt", enemy: string, also: string | null, coin: boolean, } | { "type": "trade-coins", card: string, } | { "type": "scare", enemy: string, to: string, also: string | null, } | { "type": "courage", character: string, } | { "type": "loot-gain", bonus_despair: boolean, } | { "type": "loot-spend", coins: number, } | { "type": "loot-rescue", character: string, } | { "type": "rest" } | { "type": "fifth-action" } | { "type": "use-item", item: Item, hostage: string | null, } | { "type": "give", from?: string, to: string, item: Item | null, coins: number, hostage: string | null, } | { "type": "board" } | { "type": "step-off" } | { "type": "row", to: string, with: Array<string>, } | { "type": "call-rowboat", with: Array<string>, } | { "type": "drop", hostage: string, } | { "type": "end-actions" } | { "type": "draw-threat" } | { "type": "threat-drawn", card: string, } | { "type": "change-colour", character: string, colour: Colour, } | { "type": "resolve-threat" } | { "type": "activate", option: number, } | { "type": "choose-next", enemy: string, };

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
 * Sizes of the Search deck's Hostage-free stacks: the first on top, the last at the bottom;
 * the Hostage cards go in the third pile between them.
 */
search_stacks: Array<number>, 
/**
 * Hostage cards shuffled into the third pile (one per seat).
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
queued: number, 
/**
 * The other Enemies still waiting that the players may activate next instead (RB 397: in
 * whatever order the players choose); empty once the Named Enemies' steps begin.
 */
choices: Array<string>, };

export type TableHistoryItem = { step: number, command: TableCommand, 
/**
 * Who did it: the active Character, or for an activation the Enemy that activated.
 */
by: string, 
/**
 * The Search cards it drew, in order.
 */
searched: Array<SearchDrawn>, 
/**
 * The Threat card it drew (a draw, or the card said to come up from a physical deck).
 */
threat: string | null, };

export type ReplayNotice = { 
/**
 * The refused step (1 is the first command); the table stands after step `step - 1`.
 */
step: number, command: TableCommand, 
/**
 * The rules' reason, as the engine words it (in English).
 */
reason: string, 
/**
 * The same reason as a code and parameters, for the screen to say in the players' words.
 */
why: Reason, 
/**
 * How many commands going on would set aside (the refused one and those after it).
 */
set_aside: number, 
/**
 * The rules version the game was started with, and the one this app plays.
 */
started_with: number, rules_version: number, };

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
 * Commands in force, newest first (up to the refused step, when there is one).
 */
history: Array<TableHistoryItem>, 
/**
 * Set when this app's rules refuse a step of the saved log: the game is shown up to it, and
 * nothing but going on from there (or exporting) is accepted until the players choose.
 */
replay_notice: ReplayNotice | null, 
/**
 * The pack's boards, links, Character sheets and Threat cards, for the screen to draw.
 */
pack: TablePack, 
/**
 * Buttons the screen shows that the engine would refuse now, with its reason.
 */
refused: Array<Refused>, };

export type AdviceRoute = "as-drawn" | "destiny" | "no-destiny-left";

export type LossChance = { cause: TableLoss, chance: number, };

export type CharacterCost = { character: string, wounds: number, despair: number, falls: number, };

export type HostageCost = { hostage: string, killed: number, rescued_by_fairy: number, };

export type ThreatCost = { 
/**
 * The chance the game is lost during this Threat.
 */
lose: number, losses: Array<LossChance>, characters: Array<CharacterCost>, hostages: Array<HostageCost>, 
/**
 * The expected number of Hostages an Enemy's Search turns up in this Threat and leaves
 * among Enemies with no standing Character beside them (very likely lost at a later
 * Threat); absent when no such find is possible.
 */
found_by_enemies?: number, };

export type ColourAdvice = { colour: Colour, route: AdviceRoute, 
/**
 * The players' best tie choices (least harm) and their worst.
 */
best: ThreatCost, worst: ThreatCost, 
/**
 * True when every tie and every unseen card was enumerated.
 */
exact: boolean, 
/**
 * Rollouts per policy when not exact (0 when exact).
 */
rollouts: number, 
/**
 * Engine steps taken (a measure of the tree).
 */
nodes: number, };

export type ThreatAdvice = { card: string, 
/**
 * The colour the card has now.
 */
colour: Colour, 
/**
 * How many Search cards are still unseen (the chance nodes' denominator).
 */
unseen_search_cards: number, colours: Array<ColourAdvice>, };

export type ContentSource = "rulebook" | "authored" | "owner";

export type SheetAbility = { name: string, text: string, source: ContentSource, 
/**
 * The rulebook lines it rests on ("RB 206, 290"), when it comes from the rulebook.
 */
rule: string | null, };

export type CharacterCard = { id: string, wound_slots: number, abilities: Array<SheetAbility>, };

export type SearchEffect = { "type": "ambush", kind: string, count: number, } | { "type": "junk" } | { "type": "hostage", hostage: string, } | { "type": "item", item: Item, } | { "type": "trap", wounds: number, despair: number, } | { "type": "treasure", coins: number, };

export type ThreatEffect = { "kind": "despair-on-board", board: string, } | { "kind": "named-enemies-heal" };

export type TableBoard = { id: string, locations: Array<string>, adjacent: Array<[string, string]>, };

export type ThreatCardView = { card: string, colour: Colour | null, named_enemy: boolean, effect: ThreatEffect | null, discover: Array<Placement>, };

export type TablePack = { boards: Array<TableBoard>, 
/**
 * Stairs Locations (joined to each other across boards).
 */
stairs: Array<string>, 
/**
 * Shores Enemies cross between.
 */
shores: Array<string>, 
/**
 * Locations Enemies never enter.
 */
unreachable: Array<string>, characters: Array<CharacterCard>, threat_cards: Array<ThreatCardView>, 
/**
 * Each Enemy kind's colour.
 */
kind_colours: { [key in string]: Colour }, };

export type SearchDrawn = { card: string, 
/**
 * The Character or Enemy that drew it.
 */
by: string, 
/**
 * Drawn in an Enemy's Search (Treasure and Traps are then set aside, Items discarded).
 */
enemy: boolean, 
/**
 * Where it was drawn ("" when the table does not tell).
 */
at: string, effect: SearchEffect, };

export type Refused = { command: TableCommand, reason: Reason, };

export type Source = "rulebook" | "authored" | "owner";

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
 * missed or invented; with neither ring nor place, the rings' places, measured from an
 * outline in doubt), "hidden" (a ring's hidden flag), "cross", "dark_areas".
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

export type SleeveScan = { 
/**
 * The photo straightened through `card.corners_px` (card upright), as a JPEG data URL. It
 * covers card millimetres from `-upright_margin` to the card's size plus `upright_margin`.
 */
upright: string, upright_margin: number, card: Card, hooks: Array<Hook>, dark_areas: Array<Array<[number, number]>>, cross: CrossAt | null, confidence: Confidence, doubts: Array<Doubt>, warnings: Array<string>, };

export type WardenDie = "d4" | "d6" | "d8" | "d10" | "d12" | "d20";

export type WardenFace = { die: WardenDie, face: number, kept: boolean, };

export type WardenRoll = { expression: string, faces: Array<WardenFace>, modifier: number, total: number, };

export type WardenKind = "pc" | "npc" | "monster" | "detachment";

export type WardenAbility = "str" | "dex" | "wil";

export type WardenScore = { current: number, max: number, };

export type WardenPlace = "body" | "backpack";

export type WardenItem = { name: string, place: WardenPlace, 
/**
 * Bulky items take two slots.
 */
bulky: boolean, };

export type WardenConditions = { 
/**
 * Failed a STR save against critical damage (a detachment: routed).
 */
critical: boolean, 
/**
 * A STR save against critical damage has been called and not yet rolled.
 */
critical_save_due: boolean, dead: boolean, 
/**
 * Scar 12: the next failed save against critical damage kills.
 */
doomed: boolean, 
/**
 * Deprived of a crucial need: no HP or ability recovery.
 */
deprived: boolean, 
/**
 * Failed a morale save and flees.
 */
fled: boolean, };

export type WardenPendingScar = { row: number, id: string, };

export type WardenCreature = { id: string, name: string, kind: WardenKind, str: WardenScore, dex: WardenScore, wil: WardenScore, hp: WardenScore, 
/**
 * Armor from worn armour, 0 to 3.
 */
armor: number, 
/**
 * A shield's bonus, counted only while `shield_held`.
 */
shield: number, shield_held: boolean, items: Array<WardenItem>, fatigue: number, conditions: WardenConditions, pending_scars: Array<WardenPendingScar>, 
/**
 * Scars taken (ids), for the sheet.
 */
scars: Array<string>, };

export type WardenNewCreature = { id: string, name: string, kind: WardenKind, str: number, dex: number, wil: number, hp: number, armor: number, shield: number, };

export type WardenMode = "normal" | "impaired" | "enhanced";

export type WardenStat = "hp" | "max-hp" | "str" | "max-str" | "dex" | "max-dex" | "wil" | "max-wil" | "armor" | "shield";

export type WardenAttackerRef = { id: string, 
/**
 * The weapon's dice; empty means unarmed (d4).
 */
dice: Array<WardenDie>, mode: WardenMode, blast: boolean, };

export type WardenMoraleTrigger = "first-casualty" | "half-lost" | "zero-hp";

export type WardenCommand = { "type": "add-creature", creature: WardenNewCreature, } | { "type": "remove-creature", id: string, } | { "type": "set", id: string, stat: WardenStat, value: number, } | { "type": "hold-shield", id: string, held: boolean, } | { "type": "add-item", id: string, item: WardenItem, } | { "type": "drop-item", id: string, index: number, } | { "type": "add-fatigue", id: string, } | { "type": "set-deprived", id: string, deprived: boolean, } | { "type": "attack", attackers: Array<WardenAttackerRef>, targets: Array<string>, 
/**
 * Faces rolled at the table, used in order before the stream.
 */
faces?: Array<number>, } | { "type": "critical-save", id: string, 
/**
 * Faces rolled at the table, used in order before the stream.
 */
faces?: Array<number>, } | { "type": "confirm-scar", id: string, 
/**
 * Faces rolled at the table, used in order before the stream.
 */
faces?: Array<number>, } | { "type": "save", id: string, ability: WardenAbility, 
/**
 * Faces rolled at the table, used in order before the stream.
 */
faces?: Array<number>, } | { "type": "initiative", 
/**
 * Faces rolled at the table, used in order before the stream.
 */
faces?: Array<number>, } | { "type": "morale", id: string, trigger: WardenMoraleTrigger, 
/**
 * Faces rolled at the table, used in order before the stream.
 */
faces?: Array<number>, } | { "type": "reaction", id: string | null, 
/**
 * Faces rolled at the table, used in order before the stream.
 */
faces?: Array<number>, } | { "type": "retreat", id: string, 
/**
 * Faces rolled at the table, used in order before the stream.
 */
faces?: Array<number>, } | { "type": "short-rest", id: string, } | { "type": "full-rest", id: string, } | { "type": "week-rest", id: string, } | { "type": "roll", who: string | null, dice: string, what: string, 
/**
 * Faces rolled at the table, used in order before the stream.
 */
faces?: Array<number>, };

export type WardenRollEntry = { 
/**
 * Index of the command that made it.
 */
step: number, who: string | null, what: string, roll: WardenRoll, result: string, };

export type WardenInitiativeEntry = { id: string, before_foes: boolean, };

export type WardenCreatureView = { 
/**
 * 0 while all 10 slots are filled; otherwise the stored HP.
 */
effective_hp: number, 
/**
 * Worn Armor plus a held shield, at most 3.
 */
effective_armor: number, slots_used: number, paralysed: boolean, delirious: boolean, id: string, name: string, kind: WardenKind, str: WardenScore, dex: WardenScore, wil: WardenScore, hp: WardenScore, 
/**
 * Armor from worn armour, 0 to 3.
 */
armor: number, 
/**
 * A shield's bonus, counted only while `shield_held`.
 */
shield: number, shield_held: boolean, items: Array<WardenItem>, fatigue: number, conditions: WardenConditions, pending_scars: Array<WardenPendingScar>, 
/**
 * Scars taken (ids), for the sheet.
 */
scars: Array<string>, };

export type WardenCampaignView = { seed: number, steps: number, creatures: Array<WardenCreatureView>, rolls: Array<WardenRollEntry>, initiative: Array<WardenInitiativeEntry>, };

export type WardenSeenCreature = { id: string, name: string, kind: WardenKind, dead: boolean, 
/**
 * Failed a save against critical damage (a detachment: routed).
 */
critical: boolean, fled: boolean, };

export type WardenParty = { steps: number, 
/**
 * The player characters, whole.
 */
party: Array<WardenCreatureView>, 
/**
 * Every other creature, as seen.
 */
others: Array<WardenSeenCreature>, 
/**
 * The rolls a player character made.
 */
rolls: Array<WardenRollEntry>, initiative: Array<WardenInitiativeEntry>, };

export type WardenPartyView = { game: GameSummary, state: WardenParty, };

export type WardenSource = "rulebook" | "authored";

export type WardenDetailResult = { from: number, to: number, text: string, ability?: WardenAbility | null, };

export type WardenDetail = { die: WardenDie, results: Array<WardenDetailResult>, };

export type WardenFollowUp = { "type": "max-hp-if-higher", dice: string, } | { "type": "add-max-hp", dice: string, } | { "type": "set-max-hp", dice: string, } | { "type": "ability-if-higher", dice: string, } | { "type": "max-ability-if-higher", dice: string, ability: WardenAbility, } | { "type": "save-raises-max", save: WardenAbility, dice: string, ability: WardenAbility, };

export type WardenScarRow = { row: number, id: string, name: string, source: WardenSource, text: string, detail?: WardenDetail | null, 
/**
 * Taking it leaves the PC deprived.
 */
deprived: boolean, 
/**
 * Taking it marks the PC Doomed.
 */
doomed: boolean, 
/**
 * When the follow-up is rolled, in the Warden's words.
 */
when: string, follow_up: WardenFollowUp, };

export type WardenReactionRow = { from: number, to: number, id: string, name: string, source: WardenSource, text: string, };

export type WardenTables = { scars: Array<WardenScarRow>, reactions: Array<WardenReactionRow>, };

export type NewWardenCampaign = { 
/**
 * The campaign's name; empty or absent for the default.
 */
title?: string, 
/**
 * A whole number as text; empty or absent for a fresh one.
 */
seed?: string, };

export type WardenHistoryItem = { step: number, command: WardenCommand, };

export type WardenView = { game: GameSummary, state: WardenCampaignView, can_undo: boolean, can_redo: boolean, 
/**
 * Commands in force, newest first.
 */
history: Array<WardenHistoryItem>, };

export type ContentText = { language: string, 
/**
 * content id → entry id → field → text; an entry or field missing here is shown in English.
 */
texts: { [key in string]: { [key in string]: { [key in string]: string } } }, };

export type Aim = "character" | "hostage" | "search";

export type Step = { "do": "move-toward", aim: Aim, locations: number, } | { "do": "wound", wounds: number, distribute: boolean, or_kill_hostage: boolean, } | { "do": "search" } | { "do": "discover", kind: string, count: number, };

export type Section = { colour: Colour, steps: Array<Step>, source: ContentSource, };

export type NamedEnemySheet = { id: string, name: string, wound_slots: number, 
/**
 * Set aside at set-up and placed with the last Hostage (Captain Hook, Peter Pan).
 */
set_aside: boolean, 
/**
 * While in play, every other Enemy activates twice (Hook's Frightful Reputation).
 */
frightful_reputation: boolean, 
/**
 * Where the sheet says to place the standee.
 */
placement: string, 
/**
 * What it does when a Threat of a section's colour is drawn.
 */
sections: Array<Section>, 
/**
 * Steps it takes after every Threat card is resolved, whatever its colour.
 */
after_resolving: Array<Step>, source: ContentSource, };

export type ThreatCard = { id: string, 
/**
 * Absent only on the Named Enemy card.
 */
colour: Colour | null, named_enemy: boolean, effect: ThreatEffect | null, 
/**
 * The Discover diagram, in the order the tokens are placed.
 */
discover: Array<Placement>, source: ContentSource, };

export type SearchCard = { id: string, 
/**
 * How many of this card the deck holds (each copy is its own card: `id`, or `id-N`).
 */
copies: number, card: SearchEffect, source: ContentSource, };

export type VisionCard = { id: string, pile: Pile, back: Back, face: string, 
/**
 * Shows Captain Hook's symbol: drawing it marks a Hook space and it is replaced.
 */
hook: boolean, };

export type Template = "movement_template_mm" | "tinker_bell_bonus_mm" | "observation_inner_radius_mm" | "observation_outer_radius_mm";

export type BoxEntry = { "kind": "threat", scenario: Scenario, card: ThreatCard, } | { "kind": "search", scenario: Scenario, card: SearchCard, } | { "kind": "named", scenario: Scenario, sheet: NamedEnemySheet, } | { "kind": "pans-board-size", w_mm: number, h_mm: number, } | { "kind": "pans-template", template: Template, mm: number, } | { "kind": "pans-accessible", polygons: Array<Array<[number, number]>>, } | { "kind": "vision", card: VisionCard, } | { "kind": "event", event: Event, };

export type Standing = "rulebook" | "guess" | "owner";

export type ThreatEntry = { card: ThreatCard, standing: Standing, };

export type SearchEntry = { card: SearchCard, standing: Standing, };

export type NamedEntry = { sheet: NamedEnemySheet, standing: Standing, };

export type LegacyBox = { scenario: Scenario, 
/**
 * The boards (for tapping a Discover diagram's Locations), kinds and their colours.
 */
table: TablePack, hostages: Array<string>, threat_cards: Array<ThreatEntry>, search_cards: Array<SearchEntry>, named_enemies: Array<NamedEntry>, };

export type TemplateEntry = { template: Template, mm: number, standing: Standing, };

export type VisionEntry = { card: VisionCard, standing: Standing, };

export type EventEntry = { event: Event, standing: Standing, };

export type PansBox = { w_mm: number, h_mm: number, size_standing: Standing, 
/**
 * The accessible area's outlines in board millimetres, and whether the owner traced them.
 */
accessible: Array<Array<[number, number]>>, accessible_standing: Standing, templates: Array<TemplateEntry>, visions: Array<VisionEntry>, events: Array<EventEntry>, };

export type BoxView = { 
/**
 * The version new games start with; none while the owner has corrected nothing.
 */
version: number | null, entries: Array<BoxEntry>, legacy: Array<LegacyBox>, pans: PansBox, };

export type BackupKind = "daily" | "before-migration" | "before-restore";

export type BackupInfo = { 
/**
 * The file's name, beside the saved-games file; a restore names it.
 */
name: string, kind: BackupKind, bytes: number, 
/**
 * When it was written (ms since 1970).
 */
made_at_ms: number, };

export type BoardPhoto = { 
/**
 * A JPEG data URL.
 */
preview: string, width_px: number, height_px: number, };

export type BalanceRow = { scenario: Scenario, players: number, seed: number, games: number, won: number, };

export type StraightBoard = { 
/**
 * A JPEG data URL.
 */
image: string, w_mm: number, h_mm: number, };

/** Calls a Tauri command; `@tauri-apps/api/core`'s `invoke` in the app, a fake in unit tests. */
export type Invoke = <T>(cmd: string, args?: Record<string, unknown>) => Promise<T>;

/** Every command of the app, typed. Errors reject with an `AppError`. */
export function makeCommands(invoke: Invoke) {
  return {
    listGames: (): Promise<Array<GameSummary>> => invoke("list_games"),
    newMoraleTracker: (args: NewMoraleTracker): Promise<MoraleView> => invoke("new_morale_tracker", { args }),
    moraleTracker: (gameId: number): Promise<MoraleView> => invoke("morale_tracker", { gameId }),
    moraleCommand: (gameId: number, command: MoraleCommand): Promise<MoraleView> => invoke("morale_command", { gameId, command }),
    moraleUndo: (gameId: number): Promise<MoraleView> => invoke("morale_undo", { gameId }),
    moraleRedo: (gameId: number): Promise<MoraleView> => invoke("morale_redo", { gameId }),
    deleteGame: (gameId: number): Promise<null> => invoke("delete_game", { gameId }),
    pansBoard: (gameId: number | null): Promise<BoardView> => invoke("pans_board", { gameId }),
    newCampaign: (seed: string | null): Promise<CampaignView> => invoke("new_campaign", { seed }),
    campaign: (campaignId: number): Promise<CampaignView> => invoke("campaign", { campaignId }),
    newPansGame: (args: NewPansGame): Promise<PansView> => invoke("new_pans_game", { args }),
    pansGame: (gameId: number): Promise<PansView> => invoke("pans_game", { gameId }),
    pansClaimSeat: (gameId: number, player: number): Promise<SeatPass> => invoke("pans_claim_seat", { gameId, player }),
    pansHand: (gameId: number, seat: SeatPass): Promise<PansHand> => invoke("pans_hand", { gameId, seat }),
    pansReveal: (gameId: number): Promise<Array<RevealedSleeve>> => invoke("pans_reveal", { gameId }),
    pansCommand: (gameId: number, command: Command): Promise<PansView> => invoke("pans_command", { gameId, command }),
    setSleeve: (gameId: number, player: number, sleeve: CardSleeve): Promise<PansView> => invoke("set_sleeve", { gameId, player, sleeve }),
    pansUndo: (gameId: number): Promise<PansView> => invoke("pans_undo", { gameId }),
    pansRedo: (gameId: number): Promise<PansView> => invoke("pans_redo", { gameId }),
    scanSleeve: (photoBase64: string, corners: Array<[number, number]> | null): Promise<SleeveScan> => invoke("scan_sleeve", { photoBase64, corners }),
    newLegacyTable: (args: NewLegacyTable): Promise<TableView> => invoke("new_legacy_table", { args }),
    legacyTable: (gameId: number): Promise<TableView> => invoke("legacy_table", { gameId }),
    legacyTableCommand: (gameId: number, command: TableCommand): Promise<TableView> => invoke("legacy_table_command", { gameId, command }),
    legacyTableUndo: (gameId: number): Promise<TableView> => invoke("legacy_table_undo", { gameId }),
    legacyTableRedo: (gameId: number): Promise<TableView> => invoke("legacy_table_redo", { gameId }),
    legacyTableGoOn: (gameId: number): Promise<TableView> => invoke("legacy_table_go_on", { gameId }),
    legacyTablePosition: (gameId: number): Promise<string> => invoke("legacy_table_position", { gameId }),
    legacyTableRecord: (gameId: number): Promise<string> => invoke("legacy_table_record", { gameId }),
    legacyTableAdvice: (gameId: number): Promise<ThreatAdvice> => invoke("legacy_table_advice", { gameId }),
    legacyBalance: (): Promise<Array<BalanceRow>> => invoke("legacy_balance"),
    importLegacyRecord: (text: string): Promise<TableView> => invoke("import_legacy_record", { text }),
    wardenTables: (): Promise<WardenTables> => invoke("warden_tables"),
    contentText: (language: string): Promise<ContentText> => invoke("content_text", { language }),
    newWardenCampaign: (args: NewWardenCampaign): Promise<WardenView> => invoke("new_warden_campaign", { args }),
    wardenCampaign: (gameId: number): Promise<WardenView> => invoke("warden_campaign", { gameId }),
    wardenCommand: (gameId: number, command: WardenCommand): Promise<WardenView> => invoke("warden_command", { gameId, command }),
    wardenUndo: (gameId: number): Promise<WardenView> => invoke("warden_undo", { gameId }),
    wardenRedo: (gameId: number): Promise<WardenView> => invoke("warden_redo", { gameId }),
    myBox: (): Promise<BoxView> => invoke("my_box"),
    saveBoxEntry: (entry: BoxEntry): Promise<BoxView> => invoke("save_box_entry", { entry }),
    forgetBoxEntry: (entry: BoxEntry): Promise<BoxView> => invoke("forget_box_entry", { entry }),
    exportBox: (): Promise<string> => invoke("export_box"),
    importBox: (text: string): Promise<BoxView> => invoke("import_box", { text }),
    exportBoxFile: (path: string): Promise<null> => invoke("export_box_file", { path }),
    importBoxFile: (path: string): Promise<BoxView> => invoke("import_box_file", { path }),
    exportGameFile: (gameId: number, path: string): Promise<null> => invoke("export_game_file", { gameId, path }),
    exportPositionFile: (gameId: number, path: string): Promise<null> => invoke("export_position_file", { gameId, path }),
    importGameFile: (path: string): Promise<TableView> => invoke("import_game_file", { path }),
    listBackups: (): Promise<Array<BackupInfo>> => invoke("list_backups"),
    restoreBackup: (name: string): Promise<Array<BackupInfo>> => invoke("restore_backup", { name }),
    boardPhotoFile: (path: string): Promise<BoardPhoto> => invoke("board_photo_file", { path }),
    straightenBoardFile: (path: string, corners: Array<[number, number]>): Promise<StraightBoard> => invoke("straighten_board_file", { path, corners }),
  };
}
