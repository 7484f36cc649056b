"""The ``cartes`` subcommands: eval, compare, play, replay, simulate, --version; errors as one
line on stderr; output on a terminal that cannot print suit symbols."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cartes
from cartes import games
from cartes.cli import main

SRC = str(Path(cartes.__file__).parent.parent)


def run(*args: str, stdin: str = "", encoding: str = "utf-8") -> subprocess.CompletedProcess[str]:
    """``python -m cartes ARGS`` in a subprocess, with this checkout's sources first; its
    output is decoded with the encoding it was told to write in."""
    env = {**os.environ, "PYTHONPATH": SRC, "PYTHONIOENCODING": encoding}
    result = subprocess.run(
        [sys.executable, "-m", "cartes", *args],
        input=stdin.encode(encoding),
        capture_output=True,
        env=env,
        timeout=120,
        check=False,
    )
    return subprocess.CompletedProcess(
        args, result.returncode, result.stdout.decode(encoding), result.stderr.decode(encoding)
    )


def in_process(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    """``main(argv)`` here: (exit status, stdout, stderr); argparse's exits are caught."""
    try:
        code = main(argv)
    except SystemExit as stop:
        code = int(stop.code or 0)
    captured = capsys.readouterr()
    return code, captured.out, captured.err


# --- eval and compare --------------------------------------------------------------------------

hands7 = st.lists(st.integers(0, 51), min_size=7, max_size=7, unique=True)


@settings(max_examples=40, deadline=None)
@given(indices=hands7, ranking=st.sampled_from(["standard", "calatone"]))
def test_eval_json_is_the_library_answer(indices: list[int], ranking: str) -> None:
    hand = cartes.Hand(cartes.Card.from_index(i) for i in indices)
    import contextlib
    import io

    buffer = io.StringIO()
    with contextlib.redirect_stdout(buffer):
        assert main(["eval", str(hand), "--ranking", ranking, "--json", "--lang", "es"]) == 0
    got = json.loads(buffer.getvalue())
    rank = cartes.evaluate(hand, ranking)
    assert got == {
        "hand": str(hand),
        "ranking": ranking,
        "category": rank.category.name.lower(),
        "description": rank.describe("es"),
        "best_five": str(rank.best_five),
        "strength": rank.strength,
    }


def test_eval_text_names_category_best_five_and_description(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, err = in_process(["eval", "Kh", "Kd", "Ks", "7c", "2d", "3s", "9h",
                                 "--ranking", "calatone", "--lang", "es"], capsys)
    assert (code, err) == (0, "")
    assert out.splitlines() == [
        "hand:      K♥ K♦ K♠ 7♣ 2♦ 3♠ 9♥",
        "category:  Trío (calatone ranking)",
        "best five: K♠ K♥ K♦ 9♥ 7♣",
        "describes: Trío de reyes",
    ]


@settings(max_examples=25, deadline=None)
@given(deal=st.lists(st.integers(0, 51), min_size=21, max_size=21, unique=True))
def test_compare_names_the_library_winners(deal: list[int]) -> None:
    import contextlib
    import io

    hands = [cartes.Hand(cartes.Card.from_index(i) for i in deal[k:k + 7]) for k in (0, 7, 14)]
    buffer = io.StringIO()
    with contextlib.redirect_stdout(buffer):
        assert main(["compare", *map(str, hands), "--json"]) == 0
    got = json.loads(buffer.getvalue())
    assert got["winners"] == [i + 1 for i in cartes.winners(hands)]
    assert [row["strength"] for row in got["hands"]] == [cartes.evaluate(h).strength for h in hands]


def test_compare_says_tie(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = in_process(["compare", "As Ad 2c 3d 4h", "Ah Ac 2d 3c 4s", "Ks Kd 2h 3h 4c"],
                              capsys)
    assert code == 0
    assert out.splitlines()[-1] == "tie: hands 1, 2 split"


# --- bad input: one line on stderr, non-zero exit, nothing on stdout --------------------------

BAD = [
    (["eval", "As", "Zz", "Kd", "Qc", "Jh"], 1, "invalid card 'Zz'"),
    (["eval", "As Kd Qc"], 1, "3"),
    (["eval", "As As Kd Qc Jh"], 1, "As"),
    (["eval", "As Kd Qc Jh Td", "--ranking", "texas"], 2, "invalid choice: 'texas'"),
    (["eval"], 2, "required: CARD"),
    (["compare", "As Kd Qc Jh Td"], 1, "two hands"),
    (["frobnicate"], 2, "invalid choice: 'frobnicate'"),
    (["play", "texas"], 1, "unknown game 'texas'"),
    (["play", "seven-card-stud", "--players", "1"], 2, "give an integer >= 2"),
    (["play", "seven-card-stud", "--players", "99"], 1, "players must be"),
    (["play", "seven-card-stud", "--seat", "5"], 1, "--seat 5 is not a seat"),
    (["play", "seven-card-stud", "--option", "colour=red"], 1, "colour"),
    (["play", "seven-card-stud", "--option", "ante"], 2, "write KEY=VALUE"),
    (["simulate", "seven-card-stud"], 2, "--hands"),
    (["simulate", "seven-card-stud", "--hands", "10000000000000"], 2, "at most 10,000,000"),
    (["simulate", "seven-card-stud", "--hands", "5", "--agents", "genius"], 2, "genius"),
    (["bench", "--hands", "100000000000"], 2, "at most 50,000,000"),
    (["replay", "/nonexistent/hand.json"], 1, "cannot read /nonexistent/hand.json"),
    (["demo", "--seed", "-4"], 2, "give an integer >= 0"),
]


@pytest.mark.parametrize(("argv", "status", "words"), BAD, ids=lambda v: str(v)[:40])
def test_bad_input_is_one_line_on_stderr(
    argv: list[str], status: int, words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = in_process(argv, capsys)
    assert code == status
    assert out == ""
    assert err.count("\n") == 1
    assert err.endswith("\n")
    assert err.startswith("cartes")
    assert words in err
    assert "Traceback" not in err


def test_a_malformed_history_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for name, text in [("empty.json", "{}"), ("text.json", "not json"), ("bin.json", "\udcff")]:
        path = tmp_path / name
        path.write_bytes(text.encode("utf-8", "surrogateescape"))
        code, out, err = in_process(["replay", str(path)], capsys)
        assert code == 1
        assert out == ""
        assert err.count("\n") == 1
        assert err.startswith("cartes replay: error: ")


def test_errors_in_a_subprocess_have_no_traceback() -> None:
    result = run("eval", "As", "Kd")
    assert result.returncode == 1
    assert result.stdout == ""
    assert result.stderr.strip() == (
        "cartes eval: error: " + _library_message(lambda: cartes.evaluate("As Kd"))
    )


def _library_message(call: object) -> str:
    try:
        call()  # type: ignore[operator]
    except cartes.errors.CartesError as error:
        return str(error)
    raise AssertionError("expected an error")


def test_version() -> None:
    result = run("--version")
    assert result.returncode == 0
    assert result.stdout.startswith(f"cartes {cartes.__version__} (numpy ")


def test_every_command_has_help_with_examples(capsys: pytest.CaptureFixture[str]) -> None:
    for command in ("eval", "compare", "play", "replay", "simulate", "demo", "bench", "warm-up"):
        code, out, _ = in_process([command, "--help"], capsys)
        assert code == 0, command
        assert "examples:" in out
        assert f"cartes {command}" in out


# --- play ----------------------------------------------------------------------------------


def _cycle(*words: str, times: int = 40) -> str:
    return "".join(f"{word}\n" for word in words) * times


@pytest.mark.parametrize(("seed", "seat"), [(7, 0), (11, 1), (3, 2)])
def test_a_scripted_game_to_the_end(seed: int, seat: int, tmp_path: Path) -> None:
    """A whole hand through stdin: invalid moves re-prompt with what is allowed, the hand
    ends, and the saved history replays with exactly the moves typed."""
    save = tmp_path / "hand.json"
    script = "nonsense\n0\n99\nraise 1000000\n" + _cycle("call", "check", "bring-in", "show")
    result = run("play", "seven-card-stud", "--players", "3", "--seed", str(seed),
                 "--seat", str(seat), "--save", str(save), stdin=script)
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stdout + result.stderr
    out = result.stdout
    assert f"seed {seed}; you are seat {seat}." in out
    refusals = re.findall(r"^'(.*)' is not a legal action now: type a number 1-(\d) or one "
                          r"of: (.*) \(q quits\)$", out, flags=re.MULTILINE)
    assert [typed for typed, _, _ in refusals[:4]] == ["nonsense", "0", "99", "raise 1000000"]
    assert re.search(r"^You (won \d+|lost \d+|broke even)\.$", out, flags=re.MULTILINE)
    state = games.replay(save.read_text())
    assert state.is_terminal
    mine = [step["kind"] for step in json.loads(save.read_text())["actions"]
            if step["seat"] == seat]
    assert mine
    assert set(mine) <= {"call", "check", "bring_in", "show"}
    # every refusal listed exactly the legal names at that moment (never one we may not take)
    for _, count, names in refusals:
        assert len(names.split("; ")) == int(count)


def test_quitting_and_running_out_of_input() -> None:
    quit_ = run("play", "seven-card-stud", "--seed", "1", stdin="q\n")
    assert quit_.returncode == 0
    assert "Stopped: you left the table." in quit_.stdout
    ended = run("play", "seven-card-stud", "--seed", "1", stdin="")
    assert ended.returncode == 1
    assert ended.stderr.count("\n") == 1
    assert "input ended before the hand was over" in ended.stderr


@pytest.mark.parametrize("name", games.available())
def test_play_and_simulate_every_registered_game(name: str, tmp_path: Path) -> None:
    """Typing the first legal action every time finishes a hand of any game; the saved hand
    replays; simulate tabulates every seat."""
    save = tmp_path / "hand.json"
    played = run("play", name, "--seed", "5", "--save", str(save), stdin="0\n" + "1\n" * 400)
    assert played.returncode == 0, played.stderr
    assert "is not a legal action now" in played.stdout
    assert games.replay(save.read_text()).is_terminal
    simulated = run("simulate", name, "--hands", "30", "--seed", "2", "--json")
    assert simulated.returncode == 0, simulated.stderr
    table = json.loads(simulated.stdout)
    assert table["hands"] == 30
    assert sum(row["total"] for row in table["seats"]) == 0


def test_replay_shows_the_saved_hand(tmp_path: Path) -> None:
    state = cartes.play.play_hand(
        games.get("seven-card-stud", players=3),
        [cartes.play.RandomAgent(1), cartes.play.SimpleAgent(), cartes.play.CallingStation()],
        seed=4,
    )
    path = tmp_path / "hand.json"
    path.write_text(state.to_json())
    full = run("replay", str(path))
    assert full.returncode == 0, full.stderr
    assert f"result: {', '.join(f'seat {s} {p:+d}' for s, p in enumerate(state.payoffs))}" in (
        full.stdout
    )
    steps = run("replay", str(path), "--step", "--seat", "1", stdin="\n\nq\n")
    assert steps.returncode == 0, steps.stderr
    assert steps.stdout.count("Enter: next action, q: quit") == 3
    # seat 1's view never shows the others' face-down cards before they are shown
    before_showdown = re.split(r"shows|Hand over", steps.stdout)[0]
    assert before_showdown.count("(you)") >= 3
    for seat in (0, 2):
        for card in state.observation(seat).cards[seat][:2]:
            assert card is not None
            assert card.unicode() not in before_showdown


def test_simulate_table_sums_to_zero(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = in_process(["simulate", "seven-card-stud", "--hands", "40", "--players", "3",
                               "--agents", "simple,calling,random"], capsys)
    assert code == 0
    rows = [line.split() for line in out.splitlines()[2:]]
    assert [row[1] for row in rows] == ["simple", "calling", "random"]
    assert sum(int(row[2]) for row in rows) == 0
    results = cartes.play.simulate(
        games.get("seven-card-stud", players=3),
        [cartes.play.SimpleAgent(), cartes.play.CallingStation(), cartes.play.RandomAgent(2028)],
        40, seed=2026,
    )
    assert [int(row[2]) for row in rows] == results.sum(axis=0).tolist()


# --- terminals that cannot print suit symbols --------------------------------------------------


NARROW = [
    (["eval", "As Ks Qs Js Ts 2c 3d", "--ranking", "calatone", "--lang", "es"], ""),
    (["compare", "As Ad 2c 3d 4h", "Ks Kd Kh 2s 3s", "--lang", "es"], ""),
    (["demo", "--seed", "3"], ""),
    (["play", "seven-card-stud", "--seed", "2"], "x\n" + "1\n" * 200),
    (["simulate", "seven-card-stud", "--hands", "5"], ""),
    (["replay", "{saved}", "--step"], "\n" * 100),
]


@pytest.mark.parametrize("encoding", ["cp1252", "ascii", "latin-1"])
@pytest.mark.parametrize(("argv", "typed"), NARROW, ids=lambda v: str(v)[:20])
def test_output_survives_a_narrow_terminal(
    encoding: str, argv: list[str], typed: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A stdout that cannot encode suit symbols gets ASCII card names and no error."""
    import io

    saved = tmp_path / "hand.json"
    state = cartes.play.play_hand(games.get("seven-card-stud"), [cartes.play.CallingStation()] * 2,
                                  seed=1)
    saved.write_text(state.to_json())
    raw = io.BytesIO()
    stdout = io.TextIOWrapper(raw, encoding=encoding, errors="strict", write_through=True)
    monkeypatch.setattr(sys, "stdout", stdout)
    monkeypatch.setattr(sys, "stdin", io.StringIO(typed))
    assert main([arg.replace("{saved}", str(saved)) for arg in argv]) == 0
    text = raw.getvalue().decode(encoding)
    assert not set("♠♥♦♣") & set(text)
    if argv[0] == "eval":
        assert "hand:      As Ks Qs Js Ts 2c 3d" in text


def test_a_cp1252_terminal_for_real() -> None:
    """The same through ``PYTHONIOENCODING=cp1252`` in a fresh process."""
    for args, stdin in [(("demo", "--seed", "3"), ""),
                        (("play", "seven-card-stud", "--seed", "2"), "x\n" + "1\n" * 200)]:
        result = run(*args, stdin=stdin, encoding="cp1252")
        assert result.returncode == 0, (args, result.stderr)
        assert "Traceback" not in result.stderr
        assert not set("♠♥♦♣") & set(result.stdout)
        assert "seat 0" in result.stdout


def test_simulate_with_progress_but_no_tqdm_counts_in_plain_text(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """At a terminal the bar is on by default; without tqdm it is a plain line, never an
    error (issue 21.3)."""
    monkeypatch.setitem(__import__("sys").modules, "tqdm.auto", None)
    monkeypatch.setattr("sys.stderr.isatty", lambda: True)
    code, out, err = in_process(["simulate", "seven-card-stud", "--hands", "20"], capsys)
    assert code == 0, err
    assert "20/20 hands" in err
    assert "tqdm" not in err
    assert "seat" in out.lower()


def test_compare_says_when_hands_share_a_card(capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 21.8: hands sharing a card are compared as given (a shared board is a real use)
    but not without a word; hands apart get no note."""
    code, out, _ = in_process(["compare", "As Ks Qs Js Ts", "As Ah Kd Kc 2d"], capsys)
    assert code == 0
    assert out.splitlines()[-1].startswith("note: the hands share A")
    code, out, _ = in_process(["compare", "As Ks Qs Js Ts", "As Ah Kd Kc 2d", "--json"], capsys)
    assert json.loads(out)["shared_cards"] == ["As"]
    code, out, _ = in_process(["compare", "Ks Qs Js Ts 9s", "As Ah Kd Kc 2d"], capsys)
    assert "note" not in out


def test_bench_says_how_to_add_the_missing_peers(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import cartes.bench

    monkeypatch.setattr(cartes.bench, "missing_peers", lambda: ["eval7", "phevaluator"])
    monkeypatch.setattr(cartes.bench, "run", lambda **_: [
        cartes.bench.Measurement("one hand per call, standard7(7 ints)", 0.02, 1000)
    ])
    code, out, _ = in_process(["bench"], capsys)
    assert code == 0
    assert "eval7 and phevaluator not installed" in out
    assert "pip install eval7 phevaluator" in out
    monkeypatch.setattr(cartes.bench, "missing_peers", list)
    code, out, _ = in_process(["bench"], capsys)
    assert "not installed" not in out
