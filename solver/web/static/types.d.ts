// The shapes of the JSON documents the pages receive (docs/table.md, docs/formats.md), and of the
// objects the pages build from them. Types only: the browser never loads this file.

// ----- the vocabulary (GET /api/board, "vocabulary"; docs/formats.md "The vocabulary document") -----

export interface Colours {
  fill: string; ink: string; tint: string; // a marker chip on the table page, its text, a pale background
  light: string; pale: string; deep: string; // the solo grid: column header, cells, a placed mark
  swatch: string; hatch: string; // the printed sheet
}
export type Palette = Record<string, Colours>;

export interface VocabularyGroup {
  name: string;
  colour: string;
  letter: string;
  short: string;
  delicts: string[];
}

export interface CardType {
  letter: string;
  kind: string;
  name: string;
  first: number;
  last: number;
  at_table: boolean;
}

export interface CardRanges {
  first: number;
  last: number;
  last_at_table: number;
  types: CardType[];
}

export interface VocabularyDocument {
  groups: VocabularyGroup[];
  palette: Palette;
  district_shades: Record<string, string>; // the solo grid's row shading per district code
  delicts: Record<string, { abbreviation: string; short: string }>;
  cards: CardRanges;
  provenances: Record<string, string>;
  techniques: Record<string, string>;
  puzzle_series: Record<string, string>;
  rules: Record<string, string>;
}

// ----- the table (docs/table.md) ------------------------------------------------------------------

export interface BoardDocument {
  locations: { name: string; district: string; position: [number, number] }[];
  paths: { between: [string, string]; bridge: boolean; provenance: string }[];
  groups: { name: string; colour: string; delicts: string[] }[];
  districts: Record<string, string>;
  source: string;
  vocabulary: VocabularyDocument;
}

export interface Placement { delict: string; location: string }

export interface Effect {
  placed: Placement[];
  removed: Placement[];
  replaced: Placement[];
  tiles: Placement[];
  kept: Record<string, number>;
  points: number;
}

export interface Move {
  kind: "play" | "pass" | "stop" | "drawpile" | "end";
  player: string;
  card?: number | "remove" | Record<string, unknown>;
  choice?: string;
  effect: Effect;
  out: number[];
  turn_before: string;
  cards_this_turn_before: number;
  finished_before?: string;
  text: string; // the sentence the score track shows
}

export interface StateDocument {
  format: number;
  players: string[];
  scores: Record<string, number>;
  turn: string;
  markers: Record<string, string[]>;
  tiles: Record<string, string>;
  remove_one_used: string[];
  out_of_game: number[];
  variant: Variant;
  cards_this_turn: number;
  finished?: string;
  history: Move[];
  version: string;
  supply: string[];
  outcome: { reason: string; winners: string[] } | null;
  contradiction: string | null;
  contradiction_fact: Fact | null;
}

/** The named rule parameters of a game (docs/rules.md, "Variants"). */
export interface Variant {
  cards_per_turn: number;
  rule_15_at_turn_end: boolean;
  last_delict_points: number;
}

/** Why the rules decide as they do, as values (docs/formats.md, "Facts"); `text` where it stands alone. */
export interface Fact {
  kind: string;
  rule: number | null;
  delict?: string;
  location?: string;
  tile?: string;
  delicts?: string[];
  locations?: string[];
  pairs?: Placement[];
  count?: number;
  relation?: string;
  player?: string;
  number?: number;
  notes?: Fact[];
  text?: string;
}

export interface CardRefDocument {
  label: string;
  number: number | null;
  text: string;
  /** the rulebook's own words for the card, where it prints them */
  printed: string | null;
  provenance: string;
  reconstructed: boolean;
}

export interface Verdict {
  playable: boolean;
  rule: number;
  reason: string;
  refusal: Fact | null;
  notes: Fact[];
  points?: number;
  effect?: Effect;
  facts?: string[];
  best?: string;
  choices?: Record<string, Verdict>;
  card?: CardRefDocument;
}

/** `POST /api/end` and `game end --json`: the game is over, or a card still playable keeps it going. */
export interface EndDocument {
  over: boolean;
  reason: string | null;
  winners: string[];
  scores: Record<string, number> | null;
  playable: Verdict | null;
}

export interface HandPlay extends Verdict {
  card: CardRefDocument;
  choice: string | null;
}

export interface CardDocument {
  number: number;
  type: string;
  text: string | null;
  printed: string | null;
  clue: Record<string, any> | null;
  provenance: string | null;
  reconstructed: boolean;
  known: string | null;
  warnings?: string[];
}

// ----- the solo puzzles (docs/table.md, "Solo puzzles") -----------------------------------------

export interface Pair { location: string; delict: string }

export interface Grid { placed: [string, string][]; crossed: [string, string][] }

export interface PuzzleSummary {
  name: string;
  title: string;
  difficulty: string;
  clue_count: number;
  bundled: boolean;
}

export interface PuzzleClue {
  number: number;
  label: string;
  card: number | null;
  kind: string;
  sentence: string;
}

export interface PuzzleDocument extends PuzzleSummary {
  clues: PuzzleClue[];
  locations: { name: string; district: string }[];
  districts: Record<string, string>;
  delicts: { name: string; group: string; colour: string }[];
}

export interface HintDocument {
  status: "step" | "wrong" | "solved" | "stuck" | string;
  message: string;
  wrong?: number;
  technique: string;
  difficulty: string;
  reason: string;
  chain: string[];
  cards: string[];
  clues: number[];
  removals: Pair[];
  placements: Pair[];
  ruled_out: Ruling[];
}

/** A cell a hint's reason takes as ruled out, and what rules it out (docs/formats.md, "hint PUZZLE --json"). */
export interface Ruling extends Pair {
  by: "card" | "placed" | "crossed";
  cards: string[]; // by card: the labels
  clues: number[]; // and their numbers in the puzzle's list
  placed: Pair | null; // by placed: the placement in the cell's row or column
}

export interface GridCheckDocument {
  wrong: number;
  entries: number;
  solved: boolean;
  message: string;
  wrong_entries?: (Pair & { entry: "placed" | "crossed" })[];
}

// ----- what the table page builds from the board document (vocab.js) ----------------------------

export interface DelictInfo {
  name: string;
  group: string;
  colourName: string;
  letter: string;
  short: string;
  fill: string;
  ink: string;
  tint: string;
}

export interface Vocabulary {
  served: VocabularyDocument;
  delicts: string[];
  groups: VocabularyGroup[];
  cards: CardRanges;
  locations: string[];
  districts: Record<string, string>;
  district(location: string): string | undefined;
  delict(name: string): DelictInfo;
  label(name: string): string;
  provenance(provenance: string): string;
}

// ----- the lobby of tables (docs/table.md, "Tables") -----------------------------------------------

export interface SeatSummary { seat: number; name: string; kind: "human" | "bot"; bot: string | null }

/** A seat of a new table: `token`, `join` and `qr` (an SVG document) for a person's seat, told this once. */
export interface CreatedSeat extends SeatSummary { token?: string; join?: string; qr?: string }

export interface TableSummary {
  table: number;
  kind: "digital" | "companion";
  status: "playing" | "over";
  version: number;
  created: string;
  seats: SeatSummary[];
  next: number | null;
}

export interface TableOptions {
  bots: string[];
  variant: Variant;
  flags: Record<string, boolean>;
  decks: { name: string; default: boolean; uploaded: boolean }[];
  players: { min: number; max: number };
}

export interface UploadedDeck { name: string; digest: string; cards: number; reconstructed: number }

export interface CardBack { letter: string; shows: string; colour: string | null }

export interface SeatPlayer {
  seat: number; name: string; score: number; hand_size: number; holds_remove: boolean; backs: CardBack[];
}

export interface LegalAction {
  action: number;
  text: string;
  kind?: "play" | "pass" | "discard" | "decline" | "draw" | "pick" | "stop" | "pay shuffle";
  card?: number | "remove";
  choice?: string | null;
  pile?: string;
  depth?: number;
}

export interface LogEntry {
  seq: number; seat: number; player: string; kind: string; text: string;
  pile?: string; back?: CardBack; card?: number | "remove"; choice?: string | null; taken_out?: number[];
}

export interface StopWindow {
  asked: number; player: string;
  removable: { delict: string; location: string; reason: string }[];
  points: number; effect: Effect | null; takers: string[];
}

export interface SeatHand {
  cards: { card: number; back: CardBack }[];
  holds_remove: boolean;
  player: string;
  plays: HandPlay[];
  not_playable: HandPlay[];
}

/** GET /api/tables/{id}: a digital table as a seat (or a watcher, `seat` null) sees it. */
export interface TableView extends TableSummary {
  /** the deck the table is dealt from: "bundled" or an uploaded deck's name (a digital table) */
  deck?: string;
  seat: number | null;
  player: string | null;
  players: SeatPlayer[];
  hand: SeatHand | null;
  board: { markers: Record<string, string[]>; tiles: Record<string, string>; supply: string[] };
  scores: Record<string, number>;
  piles: { name: string; size: number; backs: CardBack[] }[];
  out: { cards: number[]; backs: CardBack[] };
  played: { player: string; card: number | "remove"; choice: string | null; points: number; text: string }[];
  turn: string;
  step: string;
  to_move: number | null;
  turns: number;
  this_turn: { played: number; discarded: number; to_draw: number };
  over: { reason: string; winners: string[] } | null;
  legal: LegalAction[];
  stop: StopWindow | null;
  log: LogEntry[];
  /** a companion table: the state document of its file */
  state?: StateDocument;
  /** GET /api/tables/{id}/moves/{k}: the moves made so far */
  latest?: number;
}
