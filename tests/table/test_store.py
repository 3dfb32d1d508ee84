"""The shared state file: versions, refusing a stale change, the lock, nothing lost to concurrent writers."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from solver.core.errors import BadInput
from solver.table import rules
from solver.table.state import load_state, new_game
from solver.table.store import BoardChanged, MustWait, StateFile, version_of

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def game(tmp_path: Path) -> StateFile:
    store = StateFile(tmp_path / "game.yaml")
    store.create(new_game(["Anna", "Ben", "Carl"]))
    return store


def test_the_version_changes_with_the_board_and_comes_back_with_an_undo(game: StateFile) -> None:
    first = game.read().version
    with game.change() as state:
        rules.pass_turn(state)
    second = game.read().version
    assert second != first
    with game.change(reuse_previous=True) as state:
        state.pop()
    assert game.read().version == first


def test_a_change_decided_on_an_older_board_is_refused_with_the_new_one(game: StateFile) -> None:
    seen = game.read().version
    with game.change(seen) as state:
        rules.pass_turn(state)
    before = game.path.read_bytes()
    with pytest.raises(BoardChanged) as refused, game.change(seen) as state:
        rules.pass_turn(state)
    assert refused.value.current.state.turn == "Ben"
    assert game.path.read_bytes() == before


def test_nothing_is_written_when_nothing_changed_or_the_change_fails(game: StateFile) -> None:
    before = game.path.read_bytes()
    with game.change():
        pass
    with pytest.raises(BadInput), game.change() as state:
        rules.pass_turn(state, "Zed")
    assert game.path.read_bytes() == before
    assert not Path(str(game.path) + ".prev").exists()


def test_a_held_lock_ends_in_a_clear_error(game: StateFile) -> None:
    other = StateFile(game.path, timeout=0.2)
    with game.locked(), pytest.raises(BadInput, match="another command is changing"), other.change():
        pass


def test_the_lock_is_the_one_filelock_takes(game: StateFile) -> None:
    """Another program locking the file with filelock (as this one did before) holds this one's writers off."""
    from filelock import FileLock

    held = FileLock(game.lock_path)
    with held, pytest.raises(BadInput, match="another command is changing"), \
            StateFile(game.path, timeout=0.2).change():
        pass
    with StateFile(game.path).change() as state:  # and let go of it: the lock is free again
        rules.pass_turn(state)


def test_a_change_never_touches_the_board_readers_hold(game: StateFile) -> None:
    seen = game.read()
    with game.change(seen.version) as state:
        assert state is not seen.state
        rules.pass_turn(state)
    assert seen.state.turn == "Anna" and not seen.state.history
    assert game.read().state.turn == "Ben"


def _count_parses(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    from solver.table import store

    parses: list[str] = []
    parse = store.parse_state

    def counted(text: str, file: str) -> object:
        parses.append(file)
        return parse(text, file)

    monkeypatch.setattr(store, "parse_state", counted)
    return parses


def test_readers_of_a_file_another_writer_changed_parse_it_once(game: StateFile,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    state = load_state(game.path)
    rules.pass_turn(state)
    state.save(game.path)  # as another process saves it: this one has not read that board
    parses = _count_parses(monkeypatch)
    with ThreadPoolExecutor(8) as pool:
        versions = set(pool.map(lambda _: StateFile(game.path).read().version, range(32)))
    assert len(versions) == 1 and len(parses) == 1


def test_after_a_change_the_readers_get_the_board_it_saved_without_parsing(game: StateFile,
                                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    for undo in (False, True, False):
        with game.change(reuse_previous=undo) as state:
            state.pop() if undo else rules.pass_turn(state)
        parses = _count_parses(monkeypatch)
        seen = StateFile(game.path).read()
        monkeypatch.undo()
        assert not parses and seen is game.changed
        assert seen == game.read_fresh()  # the board saved is the board its bytes hold


def test_while_a_change_is_saved_the_readers_get_the_board_it_was_decided_on(
        game: StateFile, monkeypatch: pytest.MonkeyPatch) -> None:
    """The file renamed in place but its folder not yet synced: the new board is not saved yet."""
    before = game.read()
    syncs, folder_syncing, go_on = [0], threading.Event(), threading.Event()
    fsync = os.fsync

    def slow_folder_sync(handle: int) -> None:
        syncs[0] += 1
        if syncs[0] == 2:  # the temporary file's, then the folder's
            folder_syncing.set()
            go_on.wait(10)
        fsync(handle)

    monkeypatch.setattr(os, "fsync", slow_folder_sync)

    def pass_once() -> None:
        with StateFile(game.path).change(before.version) as state:
            rules.pass_turn(state)

    writer = threading.Thread(target=pass_once)
    writer.start()
    try:
        assert folder_syncing.wait(10)
        assert version_of(game.path.read_bytes()) != before.version  # renamed in place already
        assert StateFile(game.path).read() is before and StateFile(game.path).held() is before
    finally:
        go_on.set()
        writer.join(10)
    after = StateFile(game.path).read()
    assert after.version == version_of(game.path.read_bytes()) != before.version and game.held() is None


def test_a_change_refused_without_waiting_takes_no_lock(game: StateFile) -> None:
    old = game.read().version
    with game.change(old) as state:
        rules.pass_turn(state)
    at_once = StateFile(game.path, wait=False)
    with game.locked(), pytest.raises(BoardChanged), at_once.change(old):  # though another writer holds the lock
        pass
    with pytest.raises(MustWait), at_once.change(game.read().version):  # the current board: it needs the lock
        pass
    os.utime(game.path, ns=(1, 1))  # not the file read last any more: judging it needs a read
    with pytest.raises(MustWait), at_once.change(old):
        pass


def test_a_missing_folder_is_bad_input_not_a_new_folder(tmp_path: Path) -> None:
    store = StateFile(tmp_path / "nowhere" / "game.yaml")
    with pytest.raises(BadInput, match="no such folder"):
        store.create(new_game(["Anna", "Ben"]))
    assert not (tmp_path / "nowhere").exists()


def test_concurrent_writers_in_threads_lose_nothing(game: StateFile) -> None:
    def pass_once(_: int) -> bool:
        with StateFile(game.path).change() as state:
            rules.pass_turn(state)
        return True

    with ThreadPoolExecutor(8) as pool:
        done = sum(pool.map(pass_once, range(40)))
    assert len(load_state(game.path).history) == done == 40


def test_concurrent_commands_lose_no_play(game: StateFile) -> None:
    """Many `play` and `game pass` commands at once: each one that says it succeeded is in the file."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    entry = "from solver.cli import main; main()"
    commands = [["play", str(game.path), str(card)] for card in range(1, 13)]
    commands += [["game", "pass", str(game.path)] for _ in range(8)]
    processes = [subprocess.Popen([sys.executable, "-c", entry, *command], env=env, stdout=subprocess.PIPE,
                                  stderr=subprocess.PIPE, text=True) for command in commands]
    results = [(command, process.wait(120), process.communicate()) for command, process in
               zip(commands, processes, strict=True)]
    state = load_state(game.path)  # the file always loads
    played = [move.card for move in state.history if move.kind == "play"]
    passes = [move for move in state.history if move.kind == "pass"]
    succeeded = [command for command, code, _ in results if code == 0]
    assert all(code in (0, 1) for _, code, _ in results), [err for _, code, (_, err) in results if code > 1]
    assert sorted(int(command[2]) for command in succeeded if command[0] == "play") == sorted(played)
    assert sum(command[0] == "game" for command in succeeded) == len(passes)


def test_the_writers_of_this_process_take_the_lock_in_the_order_they_came() -> None:
    from solver.table.store import _Queue

    queue, order = _Queue(), list[int]()
    assert queue.acquire(1.0)

    def writer(number: int) -> None:
        assert queue.acquire(10.0)
        order.append(number)
        queue.release()

    writers = []
    for number in range(5):
        writers.append(threading.Thread(target=writer, args=(number,)))
        writers[-1].start()
        for _ in range(10_000):  # until it waits in the queue (a bound on a hang, never a measure)
            if len(queue._waiting) == number + 1:
                break
            time.sleep(0.001)
    queue.release()
    for thread in writers:
        thread.join(10)
    assert order == [0, 1, 2, 3, 4]
    assert queue.acquire(1.0)
    assert not queue.acquire(0.01)  # held: the wait ends, and the queue forgets the waiter
    queue.release()
    assert not queue._waiting and queue.acquire(0.0)
