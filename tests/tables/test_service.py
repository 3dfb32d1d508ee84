"""The lobby's service on SQLite and on PostgreSQL: tables created with private seats, every move one
transaction checked against the table's version (stale, doubled and racing moves), the bots' moves,
the game replayed the same from its seed and moves, export and import."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

import pytest
from sqlalchemy import exc, insert, select

from solver.core.errors import BadInput
from solver.game.bots import GreedyBot
from solver.game.observation import full_string
from solver.table.state import parse_state
from solver.tables.errors import ActionRefused, NoSuchTable, SeatRefused, StaleVersion
from solver.tables.params import params_from_request
from solver.tables.replay import apply_move
from solver.tables.schema import MOVES, SEATS, TABLES
from solver.tables.service import Lobby, TableSnapshot, token_hash

ONE_HUMAN_TWO_BOTS = {"seats": [{"name": "Anna"}, {"name": "Ben", "bot": "greedy"}, {"name": "Carl", "bot": "random"}]}


def new_table(lobby: Lobby, body: dict[str, Any] = ONE_HUMAN_TWO_BOTS, seed: int = 7) -> tuple[int, dict[int, str]]:
    created = lobby.create_table(params_from_request(body, seed))
    return created.snapshot.row.id, created.tokens


def greedy_code(snapshot: TableSnapshot) -> int:
    """The move the greedy bot would make for the person to move: a game that ends soon."""
    replayed = snapshot.replayed
    assert replayed is not None
    return replayed.codes.encode(GreedyBot()(replayed.state))


def moves_of(lobby: Lobby, table: int) -> list[tuple[int, int, int]]:
    with lobby.engine.connect() as connection:
        return [tuple(row) for row in connection.execute(  # type: ignore[misc]
            select(MOVES.c.seq, MOVES.c.seat, MOVES.c.action).where(MOVES.c.table_id == table)
            .order_by(MOVES.c.seq)).all()]


def test_a_table_gives_each_person_a_token_and_stores_only_its_hash(open_lobby: Callable[[], Lobby]) -> None:
    lobby = open_lobby()
    table, tokens = new_table(lobby, {"seats": [{"name": "Anna"}, {"name": "Ben"}, {"name": "Carl", "bot": "greedy"}]})
    assert sorted(tokens) == [0, 1] and len(set(tokens.values())) == 2
    with lobby.engine.connect() as connection:
        seats = connection.execute(select(SEATS).where(SEATS.c.table_id == table).order_by(SEATS.c.seat)).all()
        row = connection.execute(select(TABLES).where(TABLES.c.id == table)).one()
    assert [s.token_hash for s in seats] == [token_hash(tokens[0]), token_hash(tokens[1]), None]
    stored = repr([tuple(s) for s in seats]) + repr(tuple(row))
    assert all(token not in stored for token in tokens.values())
    assert lobby.seat_of(table, tokens[1]) == 1
    with pytest.raises(SeatRefused):
        lobby.seat_of(table, "no-such-token")
    with pytest.raises(NoSuchTable):
        lobby.seat_of(table + 100, tokens[0])


def test_the_bots_make_their_moves_until_a_person_is_to_move(open_lobby: Callable[[], Lobby]) -> None:
    lobby = open_lobby()
    table, _ = new_table(lobby, {"seats": [{"name": "Ben", "bot": "greedy"}, {"name": "Anna"}]})
    snapshot = lobby.snapshot(table)
    assert snapshot.replayed is not None
    assert snapshot.row.version == snapshot.replayed.version == 1  # Ben drew first, by himself
    assert snapshot.replayed.mover_seat() == 1
    after = lobby.act(table, 1, greedy_code(snapshot), 1)
    assert after.replayed is not None and after.replayed.mover_seat() == 1 and after.row.version == 3
    assert [seat for _, seat, _ in moves_of(lobby, table)] == [0, 1, 0]


def test_a_move_on_an_old_version_is_refused_and_never_applied_twice(open_lobby: Callable[[], Lobby]) -> None:
    lobby = open_lobby()
    table, _ = new_table(lobby)
    snapshot = lobby.snapshot(table)
    code = greedy_code(snapshot)
    moved = lobby.act(table, 0, code, 0)
    with pytest.raises(StaleVersion) as stale:
        lobby.act(table, 0, code, 0)  # the same request again: refused, with the table as it is now
    assert stale.value.current.row.version == moved.row.version
    assert moves_of(lobby, table)[0] == (1, 0, code)
    assert [seq for seq, _, _ in moves_of(lobby, table)] == list(range(1, moved.row.version + 1))


def test_two_servers_racing_for_one_version_one_wins_cleanly(open_lobby: Callable[[], Lobby]) -> None:
    first, second = open_lobby(), open_lobby()
    table, _ = new_table(first)
    seen_by_second = second.snapshot(table)  # both servers have the game in memory at version 0
    code = greedy_code(seen_by_second)
    won = first.act(table, 0, code, 0)
    with pytest.raises(StaleVersion):
        second.act(table, 0, code, 0)
    assert len(moves_of(first, table)) == won.row.version
    again = second.snapshot(table)  # the loser catches up from the database
    assert again.replayed is not None and won.replayed is not None
    assert full_string(again.replayed.state) == full_string(won.replayed.state)


def test_the_primary_key_refuses_a_second_move_with_the_same_number(open_lobby: Callable[[], Lobby]) -> None:
    lobby = open_lobby()
    table, _ = new_table(lobby)
    lobby.act(table, 0, greedy_code(lobby.snapshot(table)), 0)
    with pytest.raises(exc.IntegrityError), lobby.engine.begin() as connection:
        connection.execute(insert(MOVES).values(table_id=table, seq=1, action=690, seat=0,
                                                at=lobby.snapshot(table).row.created))


def test_a_seat_moves_only_for_itself_and_only_legally(open_lobby: Callable[[], Lobby]) -> None:
    lobby = open_lobby()
    table, _ = new_table(lobby, {"seats": [{"name": "Anna"}, {"name": "Ben"}]})
    with pytest.raises(SeatRefused):
        lobby.act(table, 1, 690, 0)  # Anna draws first
    with pytest.raises(ActionRefused) as refused:
        lobby.act(table, 0, 616, 0)  # no pass in the opening draws
    assert "not legal now" in str(refused.value)
    with pytest.raises(ActionRefused):
        lobby.act(table, 0, 10_000, 0)
    assert lobby.snapshot(table).row.version == 0 and moves_of(lobby, table) == []


def test_the_same_seed_and_moves_give_the_same_game_after_a_restart(open_lobby: Callable[[], Lobby]) -> None:
    lobby = open_lobby()
    one, _ = new_table(lobby, seed=11)
    two, _ = new_table(lobby, seed=11)
    for _ in range(8):
        code = greedy_code(lobby.snapshot(one))
        a = lobby.act(one, 0, code, lobby.snapshot(one).row.version)
        b = lobby.act(two, 0, code, lobby.snapshot(two).row.version)
        assert a.replayed is not None and b.replayed is not None
        assert full_string(a.replayed.state) == full_string(b.replayed.state)
    restarted = open_lobby().snapshot(one)
    assert restarted.replayed is not None and a.replayed is not None
    assert full_string(restarted.replayed.state) == full_string(a.replayed.state)
    assert [s.action for s in restarted.replayed.seen] == [s.action for s in a.replayed.seen]


def test_a_whole_game_ends_and_is_exported_only_then(open_lobby: Callable[[], Lobby]) -> None:
    lobby = open_lobby()
    table, _ = new_table(lobby, {"seats": [{"name": "Anna"}, {"name": "Ben", "bot": "greedy"}]}, seed=3)
    snapshot = lobby.snapshot(table)
    with pytest.raises(SeatRefused):
        lobby.export_state(table)
    assert [row.id for row in lobby.tables()] == [table]
    while snapshot.replayed is not None and not snapshot.replayed.state.is_terminal():
        snapshot = lobby.act(table, 0, greedy_code(snapshot), snapshot.row.version)
    assert snapshot.row.status == "over" and lobby.tables() == []
    assert [row.id for row in lobby.tables(open_only=False)] == [table]
    exported = parse_state(lobby.export_state(table), "export")
    assert snapshot.replayed is not None
    assert exported.scores == snapshot.replayed.state.table.scores and exported.hands is not None


def test_a_state_file_becomes_a_companion_table(open_lobby: Callable[[], Lobby]) -> None:
    lobby = open_lobby()
    text = "players: [Anna, Ben]\nscores: {Anna: 3, Ben: 1}\nmarkers:\n  murder: [Kirn, Boos]\n"
    snapshot = lobby.import_companion(text)
    assert snapshot.row.kind == "companion" and [s.name for s in snapshot.row.seats] == ["Anna", "Ben"]
    assert lobby.export_state(snapshot.row.id) == text
    with pytest.raises(BadInput) as refused:
        lobby.import_companion("players: [Anna, Anna]\n")
    assert "\n" not in str(refused.value)


@pytest.mark.parametrize(("body", "says"), [
    ({"seats": []}, "seats is a list"),
    ({"seats": [{"name": "Anna", "bot": "greedy"}, {"name": "Ben", "bot": "random"}]}, "at least one seat"),
    ({"seats": [{"name": "Anna"}, {"name": "Ben", "bot": "clever"}]}, "no bot 'clever'"),
    ({"seats": [{"name": "Anna"}, {"name": "Ben"}], "seed": 3}, "unknown key 'seed'"),
    ({"seats": [{"name": "Anna"}, {"name": "Ben"}, {"name": "Carl"}], "variant": {"two_player": True}},
     "exactly 2 players"),
    ({"seats": [{"name": "Anna"}]}, "2 to 4 players"),
])
def test_bad_parameters_are_one_line_of_bad_input(body: dict[str, Any], says: str) -> None:
    with pytest.raises(BadInput) as refused:
        params_from_request(body, seed=1)
    assert says in str(refused.value) and "\n" not in str(refused.value)


def test_the_database_refuses_a_move_written_on_a_version_another_server_left(
        open_lobby: Callable[[], Lobby]) -> None:
    """The version check is the database's, not only the memory's: a server whose game in memory is
    stale when it writes (it read the table just before the other server's move) loses cleanly."""
    first, second = open_lobby(), open_lobby()
    table, _ = new_table(first)
    behind = second._synced(table)  # second's game in memory at version 0
    code = greedy_code(first.snapshot(table))
    won = first.act(table, 0, code, 0)
    with pytest.raises(StaleVersion):
        second._commit(table, behind, 0, code)  # written as move 1, which the first server wrote
    assert len(moves_of(first, table)) == won.row.version
    assert second.snapshot(table).row.version == won.row.version


def test_servers_racing_in_threads_apply_exactly_one_move(open_lobby: Callable[[], Lobby]) -> None:
    lobbies = [open_lobby() for _ in range(4)]
    table, _ = new_table(lobbies[0])
    code = greedy_code(lobbies[0].snapshot(table))
    for lobby in lobbies:
        lobby.snapshot(table)
    outcomes: list[str] = []
    start = threading.Barrier(len(lobbies))

    def race(lobby: Lobby) -> None:
        start.wait()
        try:
            lobby.act(table, 0, code, 0)
            outcomes.append("won")
        except StaleVersion:
            outcomes.append("stale")

    threads = [threading.Thread(target=race, args=(lobby,)) for lobby in lobbies]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert sorted(outcomes) == ["stale", "stale", "stale", "won"]
    moves = moves_of(lobbies[0], table)
    assert [seq for seq, _, _ in moves] == list(range(1, len(moves) + 1)) and moves[0] == (1, 0, code)


def finished_table(lobby: Lobby, seed: int = 3) -> tuple[int, dict[int, str]]:
    """A table of two people and a greedy bot, played to its end with the greedy bot's moves."""
    table, tokens = new_table(lobby, {"seats": [{"name": "Anna"}, {"name": "Ben"}, {"name": "Carl", "bot": "greedy"}]},
                              seed=seed)
    snapshot = lobby.snapshot(table)
    while snapshot.replayed is not None and not snapshot.replayed.state.is_terminal():
        mover = snapshot.replayed.mover_seat()
        assert mover is not None
        snapshot = lobby.act(table, mover, greedy_code(snapshot), snapshot.row.version)
    return table, tokens


def test_the_board_at_an_earlier_move_is_the_game_replayed_that_far(open_lobby: Callable[[], Lobby]) -> None:
    lobby = open_lobby()
    table, _ = finished_table(lobby)
    now = lobby.snapshot(table)
    assert now.replayed is not None
    for version in (0, 1, now.row.version // 2, now.row.version):
        past = lobby.snapshot_at(table, version)
        assert past.row.version == version and past.replayed is not None and past.replayed.version == version
        assert past.replayed.seen == now.replayed.seen[:version]
    assert lobby.snapshot_at(table, 0).row.status == "playing"
    assert lobby.snapshot_at(table, now.row.version).row.status == "over"
    with pytest.raises(BadInput, match="a move number is 0 to"):
        lobby.snapshot_at(table, now.row.version + 1)


def test_play_again_makes_one_next_table_whoever_asks_first(open_lobby: Callable[[], Lobby]) -> None:
    lobbies = [open_lobby(), open_lobby()]
    table, tokens = finished_table(lobbies[0])
    answers: dict[int, tuple[int, str]] = {}
    start = threading.Barrier(2)

    def ask(seat: int) -> None:
        start.wait()
        answers[seat] = lobbies[seat].play_again(table, tokens[seat])

    threads = [threading.Thread(target=ask, args=(seat,)) for seat in (0, 1)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert answers[0][0] == answers[1][0] and answers[0][1] != answers[1][1]
    following = answers[0][0]
    assert [row.id for row in lobbies[0].tables(open_only=False)] == [following, table]  # one next table, not two
    assert lobbies[0].tables(open_only=False)[1].next_table == following
    assert lobbies[0].seat_of(following, answers[0][1]) == 0 and lobbies[1].seat_of(following, answers[1][1]) == 1
    assert lobbies[0].play_again(table, tokens[0]) == answers[0]  # asked again: the same seat, the same token
    with pytest.raises(SeatRefused):
        lobbies[0].seat_of(following, tokens[0])  # the old token is no seat's there


def test_play_again_waits_for_the_end_and_a_seat(open_lobby: Callable[[], Lobby]) -> None:
    lobby = open_lobby()
    table, tokens = new_table(lobby)
    with pytest.raises(SeatRefused, match="once the game is over"):
        lobby.play_again(table, tokens[0])
    with pytest.raises(SeatRefused):
        lobby.play_again(table, "no seat's token")


def test_a_past_board_asked_for_again_is_the_same_and_a_copy(open_lobby: Callable[[], Lobby]) -> None:
    lobby = open_lobby()
    table, _ = finished_table(lobby)
    first, again = lobby.snapshot_at(table, 10), lobby.snapshot_at(table, 10)
    assert first.replayed is not None and again.replayed is not None and first.replayed is not again.replayed
    assert full_string(first.replayed.state) == full_string(again.replayed.state)
    mover = first.replayed.mover_seat()
    assert mover is not None
    apply_move(first.replayed, mover, first.replayed.legal_codes()[0])  # the caller's copy plays on...
    assert lobby.snapshot_at(table, 10).replayed.version == 10  # type: ignore[union-attr]  # ...the kept one not
