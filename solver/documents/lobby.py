"""Every JSON answer of the lobby (docs/table.md, "Tables"), built once: a seat's view of its table,
a watcher's, the list of tables, a new table with its join tokens.

What a seat may see is what the OpenSpiel observation shows it (solver.game.observation): its own
hand by number, with each card's verdict (the hand advisor); of the other seats, the hand's size
and the backs of its cards; the board, the scores, every card played; each pile's size and the
backs on top; the cards out of the game by number where they went out face up (or were its own
discards), the others' discards by their backs; whose turn it is and which step; its legal actions
when it is to move; and the log of the moves as it saw them (a draw shows its pile and the card's
back, a discard the back: nothing of the face). A watcher (no seat) sees only what every seat
sees. Never another seat's card numbers, nor a pile's order below the backs it shows, nor the
table's seed.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from solver.documents.table import hand_document, state_document, stop_document
from solver.game.actions import Action, Discard, Draw, PayShuffle, Pick, Play
from solver.game.game import Back
from solver.game.observation import Seen, back_index, seen_text, visible_depth
from solver.game.state import State, Step
from solver.table.cardref import CardRef, numbered_card, remove_card
from solver.table.rules import HandPlay, HandRanking
from solver.table.state import MoveKind, parse_state
from solver.table.store import Snapshot
from solver.table.wording import move_sentence

if TYPE_CHECKING:
    from solver.tables.decks import TableDeck
    from solver.tables.service import Created, SeatRow, TableRow, TableSnapshot

WATCHER = None  # the seat of a view for someone who holds none


def back_document(back: Back) -> dict[str, Any]:
    """A card's back: its type letter, what it shows (a delict, group or location), its colour."""
    return {"letter": back.letter, "shows": back.shows, "colour": back.colour}


def seat_view_document(state: State, seat: int | None, seen: Sequence[Seen], legal: Sequence[int] = (),
                       texts: dict[int, str] | None = None,
                       actions: dict[int, Action] | None = None) -> dict[str, Any]:
    """What `seat` (None: a watcher) may see of the game: see the module docstring. `seen` is the
    record of the moves (solver.tables.replay); `legal` the ints of the seat's legal actions when it
    is to move, with their `texts` and the `actions` they stand for."""
    game, table = state.game, state.table
    me = game.players[seat] if seat is not None else None
    to_move = state.current_player() if not state.is_terminal() and not state.is_chance_node() else None
    return {
        "seat": seat,
        "player": me,
        "players": [_player_document(state, index) for index in range(len(game.players))],
        "hand": _hand_document(state, me) if me is not None else None,
        "board": {"markers": {d: sorted(locs) for d, locs in sorted(table.markers.items())},
                  "tiles": dict(sorted(table.tiles.items())), "supply": table.supply()},
        "scores": dict(table.scores),
        "piles": _piles_document(state),
        "out": _out_document(state, me),
        "played": [{"player": move.player, "card": move.card if isinstance(move.card, int) else "remove",
                    "choice": move.choice, "points": move.effect.points, "text": move_sentence(move)}
                   for move in table.history if move.kind is MoveKind.PLAY],
        "turn": table.turn,
        "step": state.step.value,
        "to_move": to_move,
        "turns": state.turn.turns,
        "this_turn": {"played": table.cards_this_turn, "discarded": len(state.turn.discards),
                      "to_draw": state.turn.owed},
        "over": _over_document(state),
        "legal": [_legal_entry(code, (texts or {}).get(code, ""), (actions or {}).get(code)) for code in legal]
        if seat is not None and seat == to_move else [],
        "stop": _stop_window(state),
        "log": [_log_entry(state, number, event, seat) for number, event in enumerate(seen, 1)],
    }


def _legal_entry(code: int, text: str, action: Action | None) -> dict[str, Any]:
    """A legal action: its int and text, and what it is (`kind`, with its `card`, `choice`, `pile`,
    `depth`), for a page to lay it on the hand and the piles."""
    entry: dict[str, Any] = {"action": code, "text": text}
    if action is None:
        return entry
    entry["kind"] = "pay shuffle" if isinstance(action, PayShuffle) else type(action).__name__.lower()
    match action:
        case Play(card, choice):
            entry["card"], entry["choice"] = (card if isinstance(card, int) else "remove"), choice
        case Discard(card):
            entry["card"] = card
        case Draw(pile) | PayShuffle(pile):
            entry["pile"] = pile
        case Pick(pile, depth):
            entry["pile"], entry["depth"] = pile, depth
    return entry


def _stop_window(state: State) -> dict[str, Any] | None:
    """Rule 10 between turns, for every seat to see: who is asked now, and what STOP would take
    (the markers, why, the points), as `GET /api/stop` tells it. Public: it follows from the board."""
    if state.is_terminal() or state.is_chance_node() or state.step is not Step.STOP:
        return None
    return {"asked": state.current_player(), "player": state.mover,
            **stop_document(state.table, state.game.board)}


def _player_document(state: State, index: int) -> dict[str, Any]:
    player = state.game.players[index]
    backs = sorted((state.game.backs[n] for n in state.hands[player]), key=back_index)
    return {"seat": index, "name": player, "score": state.table.scores[player],
            "hand_size": len(state.hands[player]), "holds_remove": state.holds_remove(player),
            "backs": [back_document(back) for back in backs]}


def _hand_document(state: State, me: str) -> dict[str, Any]:
    """The seat's own cards by number with their backs, and the hand advisor's verdict on each."""
    game = state.game
    refs: list[CardRef] = [numbered_card(n, game.deck) for n in sorted(state.hands[me])]
    if state.holds_remove(me):
        refs.append(remove_card())
    # the mover's hand as the game checks it (a two-player turn's rule 15 at its end); hand order: sorted
    ranking = state.hand_ranking() if me == state.mover and state.step is Step.PLAY else None
    if ranking is not None:
        ranking = _in_order(ranking, state.hands[me], sorted(state.hands[me]))
    return {"cards": [{"card": n, "back": back_document(game.backs[n])} for n in sorted(state.hands[me])],
            "holds_remove": state.holds_remove(me),
            **hand_document(state.table, refs, game.board, me, ranking)}


def _in_order(ranking: HandRanking, hand: Sequence[int], shown: Sequence[int]) -> HandRanking:
    """`ranking` of `hand` with its card indices into `shown` (the same cards in another order; the
    "Remove one marker" card after them in both)."""
    where = [shown.index(n) for n in hand]

    def moved(found: HandPlay) -> HandPlay:
        index = where[found.card] if found.card < len(where) else found.card
        return HandPlay(index, found.choice, found.verdict)

    return HandRanking([moved(found) for found in ranking.plays],
                       sorted((moved(found) for found in ranking.refused), key=lambda found: found.card))


def _piles_document(state: State) -> list[dict[str, Any]]:
    if state.is_chance_node():  # the piles are being shuffled: not laid yet
        return []
    tops = state.backs(visible_depth(state.game))
    return [{"name": name, "size": len(cards), "backs": [back_document(back) for back in tops[name]]}
            for name, cards in state.piles.items()]


def _out_document(state: State, me: str | None) -> dict[str, Any]:
    """The cards out of the game by number where `me` knows them (face up, or its own discards),
    the others' discards by their backs."""
    known: list[int] = []
    hidden: list[Back] = []
    for move in state.table.history:
        for number in move.out:
            if move.kind is MoveKind.DRAWPILE or number == move.card or (me is not None and move.player == me):
                known.append(number)
            else:
                hidden.append(state.game.backs[number])
    return {"cards": sorted(known), "backs": [back_document(b) for b in sorted(hidden, key=back_index)]}


def _over_document(state: State) -> dict[str, Any] | None:
    if not state.is_terminal():
        return None
    return {"reason": state.end_reason(), "winners": state.winners()}


def _log_entry(state: State, number: int, event: Seen, seat: int | None) -> dict[str, Any]:
    """One move as `seat` saw it: a card drawn or discarded by number only for its own seat."""
    game = state.game
    own = seat is not None and event.seat == seat
    entry: dict[str, Any] = {"seq": number, "seat": event.seat, "player": game.players[event.seat],
                             "kind": type(event.action).__name__.lower()}
    action = event.action
    if isinstance(action, Draw | Pick):
        entry["pile"] = action.pile
    if isinstance(action, Play):
        entry["card"] = action.card if isinstance(action.card, int) else "remove"
        entry["choice"] = action.choice
    if event.card is not None and isinstance(action, Draw | Pick | Discard):
        entry["back"] = back_document(game.backs[event.card])
        if own:
            entry["card"] = event.card
    if event.taken_out:
        entry["taken_out"] = list(event.taken_out)
    # seen_text shows a card's number to its own seat only; a watcher is nobody's seat
    entry["text"] = seen_text(state, event, seat if seat is not None else -1)
    return entry


# ----- the lobby's answers ---------------------------------------------------------------------------


def seats_document(seats: Sequence[SeatRow]) -> list[dict[str, Any]]:
    return [{"seat": s.seat, "name": s.name, "kind": s.kind, "bot": s.bot} for s in seats]


def table_summary_document(row: TableRow) -> dict[str, Any]:
    """A table as the list shows it: no game, only who sits where."""
    return {"table": row.id, "kind": row.kind, "status": row.status, "version": row.version,
            "created": row.created.isoformat(), "seats": seats_document(row.seats), "next": row.next_table}


def tables_document(rows: Sequence[TableRow]) -> dict[str, Any]:
    return {"tables": [table_summary_document(row) for row in rows]}


def table_view_document(snapshot: TableSnapshot, seat: int | None) -> dict[str, Any]:
    """A table as `seat` (None: a watcher) sees it: the summary, then the game's view (a digital
    table) or the state document of its file (a companion table, public as its file is)."""
    row = snapshot.row
    data = table_summary_document(row)
    if snapshot.state_text is not None:
        state = parse_state(snapshot.state_text, "the table's state")
        return {**data, "state": state_document(Snapshot(state, str(row.version)))}
    replayed = snapshot.replayed
    assert replayed is not None
    legal = replayed.legal_codes() if seat is not None and seat == replayed.mover_seat() else []
    texts = {code: replayed.codes.text(code) for code in legal}
    actions = {code: action for code in legal
               if (action := replayed.codes.decode(code, replayed.state.mover)) is not None}
    return {**data, "deck": replayed.params.deck_name,
            **seat_view_document(replayed.state, seat, replayed.seen, legal, texts, actions)}


def board_at_document(snapshot: TableSnapshot, latest: int) -> dict[str, Any]:
    """Time travel: the table as a watcher saw it after move `snapshot.row.version`, and the
    number of moves made so far (`latest`). Public, as a watcher's view is."""
    return {**table_view_document(snapshot, WATCHER), "latest": latest}


def again_document(table: int, token: str, base: str = "", query: str = "") -> dict[str, Any]:
    """Play again: the seat's next table, its token there and its join link (told to this seat only)."""
    return {"table": table, "token": token, "join": join_link(table, token, base, query)}


def join_link(table: int, token: str, base: str = "", query: str = "") -> str:
    """A seat's join link: the token after `#`, the part of an address a browser never sends."""
    return f"{base}/tables/{table}{query}#seat={token}"


def qr_svg(text: str) -> str:
    """A QR code of `text` as an SVG document (segno), for the page to show as an image."""
    import io

    import segno

    buffer = io.BytesIO()
    segno.make(text, error="m").save(buffer, kind="svg", scale=4, border=2)
    return buffer.getvalue().decode()


def created_document(created: Created, base: str = "", query: str = "") -> dict[str, Any]:
    """A new table: its id, each seat, each person's join token, link and the link's QR code (SVG),
    told this once, and the table as a watcher sees it."""
    row = created.snapshot.row
    seats = []
    for entry in seats_document(row.seats):
        token = created.tokens.get(entry["seat"])
        if token is not None:
            link = join_link(row.id, token, base, query)
            entry = {**entry, "token": token, "join": link, "qr": qr_svg(link)}
        seats.append(entry)
    return {"table": row.id, "seats": seats, "view": table_view_document(created.snapshot, WATCHER)}


def options_document(deck_names: Sequence[str] = (), entered: bool = False) -> dict[str, Any]:
    """What a new table may be made with: the bots, the rule parameters with their defaults, the
    decks a digital table can be dealt from (the bundled one, the default; `entered`, the cards this
    server's companion tables entered over it, once one was; then the decks uploaded to this server,
    oldest first)."""
    from solver.game.bots import BOTS
    from solver.table.state import Variant
    from solver.tables.decks import BUNDLED, ENTERED

    decks = [{"name": BUNDLED, "default": True, "uploaded": False},
             *([{"name": ENTERED, "default": False, "uploaded": False}] if entered else []),
             *({"name": name, "default": False, "uploaded": True} for name in deck_names)]
    return {"bots": sorted(BOTS), "variant": Variant().to_dict(),
            "flags": {"alternative_piles": False, "first_draws_abc": False},
            "decks": decks, "players": {"min": 2, "max": 4}}


def deck_document(deck: TableDeck) -> dict[str, Any]:
    """An uploaded deck as the lobby offers it: its name, its digest, how many cards have a text and
    how many of those are the project's reconstruction (public: every seat may read every card)."""
    cards = deck.deck.cards.values()
    return {"name": deck.name, "digest": deck.digest, "cards": sum(card.clue is not None for card in cards),
            "reconstructed": sum(card.provenance == "reconstructed" for card in cards)}
