"""``make mutation``: mutation testing of the rules, what players see, and result scoring.

Runs mutmut 3 (``pip install -e '.[mutation]'``) one *scope* at a time: a game
(``games/<game>/rules/``, ``observation.py``, ``actions.py``, tested by
``tests/games/<game>/``) or the core's scoring of results and records. Each scope
gets its own work folder ``build/mutation/<scope>/`` with a generated
``pyproject.toml`` (mutmut reads its settings from the working folder), so scopes
never share mutmut's cache and one game can be re-run alone. mutmut learns which
tests call which function and runs only those for each mutant, so a game takes
minutes.

After a run the script checks two promises and exits 1 if either is broken:

* every surviving mutant is listed as equivalent, with a reason, in
  ``docs/mutation.md`` (a row whose first cell is the mutant's name in backticks),
  and every listed one still survives (a killed one must leave the list);
* every mutant a ``RULES_COVERAGE.md`` row names (its "Kills" cell) is killed by
  the row's own tests: the named tests pass on the real code and fail on the mutant.

Usage: ``python tools/mutation.py [SCOPE ...] [--max-children N] [--no-run]
[--assign]``. ``--assign`` fills empty "Kills" cells with a mutant that the row's
tests kill (it prefers the mutant killed by the fewest tests: the most specific).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BUILD = ROOT / "build" / "mutation"
DOC = ROOT / "docs" / "mutation.md"
GAMES = ("divercite", "dice_miner", "mini_divercity", "fifty_first_state")
CORE_MODULES = ("core/record.py", "core/scorebook.py", "stats/accumulate.py", "stats/intervals.py")
"""The core's scoring of results and records: what a game's record is, which score is
kept as the best (``core/``), and the summaries and statistics that simulations report
(``stats/``), as paths under ``src/solotable/``."""
CORE_PACKAGES = ("solotable.core.", "solotable.stats.")
"""The packages of the core scope's modules: its mutants' names start with one of them."""
SLOW_TESTS = (
    "not (conformance or every_action_id or replay or random_games or beats_random"
    " or far_more_often or long_games or every_chance_outcome or tables_agree)"
)
"""Left out of the mutation runs: the whole-game property tests (conformance of every
state, every action id, replay, long random games, agents' strength). They take nine
tenths of a game's test time and are not where a rule is pinned down: a mutant only they
would kill is reported as a survivor, and gets a test that checks the rule's value."""
SLOW_GAMES = ("dice_miner", "mini_divercity", "fifty_first_state")
"""Games whose property tests are slow enough to leave out (Divercité's are quick)."""
TIMEOUT_MULTIPLIER = 8.0
"""mutmut's ``timeout_multiplier`` (see ``prepare``). mutmut gives each mutant a wall-clock
limit of (its tests' durations + 1 s) × this, and a CPU limit of twice that. At 2 (26
November) the wall-clock limit turned survivors into "timeouts" on the loaded machine: of
Mini DiverCity's 86 survivors, 82 timed out when run again at load 10–17. Changing it makes
the next run test every timed-out mutant again (mutmut resets only those verdicts)."""
CORE_TESTS = (
    "tests/core",
    "tests/session",
    "tests/sim",
    "tests/stats",
    "tests/lab",
    "tests/cli/test_cli.py",
    "--ignore=tests/sim/test_ray_backend.py",
)
"""The core scope's tests, passed to pytest as they are (mutmut's test selection: its
collection, its first traced run and the forkserver's warm-up). ``test_simray.py`` needs Ray:
it starts a local Ray (its own server and worker processes) inside mutmut's forked mutant
process; on 27 November 177 mutants ended as forced stops (exit -9/-11) with it and the run
never finished. Ray's backend plays the same games as the local pool and its results are
summed by the same code, whose values the other tests check, so the mutated modules keep
their tests. Tests that remain and start processes: a two-process local pool
(``jobs=2`` in ``test_simulation_pool.py``, ``test_simrun.py``, ``test_runner_and_simulation.py``,
``test_cli.py``'s ``--jobs 2``) and single interpreters run with ``subprocess`` (a CLI killed
by a real signal in ``test_simrun.py``; the golden-bytes and no-pyarrow checks)."""

# mutmut's exit codes per mutant, as ``mutmut results`` names them.
KILLED_CODES = {1, 3, -24, 24, 152, 255}
"""A test failed (1), pytest stopped with an error (3) or the mutant ran out of CPU
time (SIGXCPU, reported as -24, 24 or 152): all count as killed; mutmut does the same."""
TIMEOUT_CODES = {-24, 24, 152}
"""The CPU-time limit's codes: a listed equivalent that ran out of time is not stale (an
equivalent mutant runs every one of its tests to the end, where a killed one stops at the
first failure, so under load it may pass the limit: a time-out is not a failing test)."""
SURVIVED = 0
NO_TESTS = 33
"""No test calls the mutated function at all: a survivor, reported apart."""


@dataclass
class Scope:
    name: str
    files: list[str]
    tests: list[str]
    coverage_table: Path | None = None
    module_prefix: str = ""


def scopes() -> dict[str, Scope]:
    out = {}
    for game in GAMES:
        base = f"src/solotable/games/{game}"
        out[game] = Scope(
            game,
            [f"{base}/rules/*.py", f"{base}/observation.py", f"{base}/actions.py"],
            [f"tests/games/{game}", *(["-k", SLOW_TESTS] if game in SLOW_GAMES else [])],
            ROOT / "tests" / "games" / game / "RULES_COVERAGE.md",
            f"solotable.games.{game}.",
        )
    out["core"] = Scope(
        "core",
        [f"src/solotable/{m}" for m in CORE_MODULES],
        list(CORE_TESTS),
        None,
        "solotable.",
    )
    return out


# -- running mutmut -------------------------------------------------------------------------


def _pytest_ini() -> str:
    ini = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["tool"]["pytest"]
    opts = ini["ini_options"]
    return (
        "[tool.pytest.ini_options]\n"
        'testpaths = ["tests"]\n'
        'addopts = "-q -p no:cacheprovider"\n'
        f"filterwarnings = {json.dumps(opts.get('filterwarnings', []))}\n"
    )


def prepare(scope: Scope) -> Path:
    """The scope's work folder: links to src/, tests/, examples/, bench/, docs/ and mutmut's
    settings."""
    work = BUILD / scope.name
    work.mkdir(parents=True, exist_ok=True)
    for link in ("src", "tests", "examples", "bench", "docs"):
        p = work / link
        if not p.is_symlink():
            p.symlink_to(ROOT / link)
    settings = (
        "[tool.mutmut]\n"
        'source_paths = ["src"]\n'
        f"only_mutate = {json.dumps(scope.files)}\n"
        # Some tests compare the example files with the built-in data; the lab's tests run
        # the bench/ scripts whose results tables they check; some check the engine notes
        # of docs/.
        'also_copy = ["examples", "bench", "docs"]\n'
        f"pytest_add_cli_args_test_selection = {json.dumps(scope.tests)}\n"
        # A mutant's wall-clock limit is (its tests' durations + 1 s) × this multiplier and
        # its CPU limit twice that (mutmut's default multiplier 15 let a looping mutant burn a
        # quarter of an hour of CPU; 2 made survivors time out on a loaded machine).
        f"timeout_multiplier = {TIMEOUT_MULTIPLIER}\n"
        # Hypothesis: the derandomized CI profile, so a mutant meets the same examples
        # as the clean run.
        'pytest_add_cli_args = ["-p", "no:cacheprovider", "--hypothesis-profile=ci"]\n'
        "\n" + _pytest_ini()
    )
    conf = work / "pyproject.toml"
    if not conf.exists() or conf.read_text("utf-8") != settings:
        conf.write_text(settings, "utf-8")
    return work


def _mutmut(scope: Scope, work: Path, args: list[str], log_name: str) -> None:
    mutmut = Path(sys.executable).with_name("mutmut")
    cmd = [str(mutmut), "run", *args]
    shown = " ".join(cmd[:4]) + (f" … ({len(args) - 2} mutants)" if len(args) > 2 else "")
    print(f"[{scope.name}] {shown}  (in {work.relative_to(ROOT)})", flush=True)
    with open(work / log_name, "w", encoding="utf-8") as log:
        code = subprocess.call(cmd, cwd=work, stdout=log, stderr=subprocess.STDOUT)
    if code != 0:
        tail = (work / log_name).read_text("utf-8", "replace")[-3000:]
        raise SystemExit(f"[{scope.name}] mutmut failed (exit {code}):\n{tail}")


def _tests_digest() -> str:
    """A digest of every test file: survivors are tried again when the tests change."""
    h = hashlib.sha256()
    for path in sorted((ROOT / "tests").rglob("*")):
        if path.is_file() and path.suffix in (".py", ".json", ".txt"):
            h.update(path.relative_to(ROOT).as_posix().encode())
            h.update(path.read_bytes())
    return h.hexdigest()


def run_mutmut(scope: Scope, max_children: int) -> None:
    """mutmut on the scope, then its survivors again if the tests changed since they
    survived (mutmut keeps a verdict until the mutated function changes)."""
    work = prepare(scope)
    stamp = work / "survivors-tested-with"
    digest = _tests_digest()
    stats = work / "mutants" / "mutmut-stats.json"
    if stats.exists() and (not stamp.exists() or stamp.read_text("utf-8") != digest):
        # mutmut keeps which test calls which function from its first run: a test whose
        # code changed may call more now, so the map is made again.
        stats.unlink()
    _mutmut(scope, work, ["--max-children", str(max_children)], "run.log")
    survivors = sorted(m for m, c in results(scope).items() if c not in KILLED_CODES)
    if survivors and (not stamp.exists() or stamp.read_text("utf-8") != digest):
        _mutmut(scope, work, ["--max-children", str(max_children), *survivors], "rerun.log")
    stamp.write_text(digest, "utf-8")


def results(scope: Scope) -> dict[str, int]:
    """Every tested mutant of the scope with mutmut's exit code for it."""
    return {k: int(v) for k, v in _verdicts(scope).items() if v is not None}


def _verdicts(scope: Scope) -> dict[str, int | None]:
    """Every mutant mutmut generated for the scope, ``None`` where it is not tested yet."""
    out: dict[str, int | None] = {}
    for meta in sorted((BUILD / scope.name / "mutants").rglob("*.meta")):
        out.update(json.loads(meta.read_text("utf-8"))["exit_code_by_key"])
    return out


def mutant_names(scope: Scope, given: list[str]) -> list[str]:
    """Full names of the mutants ``given`` (the package prefix may be left out), refusing a
    name the scope's run did not generate: with an unknown name no mutant is switched on, so
    every test would pass and the mutant would look alive for nothing."""
    known = _verdicts(scope)
    names = [m if m.startswith("solotable.") else scope.module_prefix + m for m in given]
    unknown = [m for m in names if m not in known]
    if unknown:
        raise SystemExit(
            f"[{scope.name}] not a mutant of the last run: {unknown[0]}"
            f" (names look like {scope.module_prefix}rules.module.x_function__mutmut_3)"
        )
    return names


# -- the equivalents listed in docs/mutation.md --------------------------------------------

EQUIV_ROW = re.compile(r"^\|\s*`(solotable\.[\w.ǁ]+__mutmut_\d+)`\s*\|")


def listed_equivalents() -> set[str]:
    if not DOC.exists():
        return set()
    return {
        m.group(1) for line in DOC.read_text("utf-8").splitlines() if (m := EQUIV_ROW.match(line))
    }


# -- coverage rows: each names a mutant its tests kill ---------------------------------------

TEST_REF = re.compile(r"`([\w/]+\.py)::(\w+)`")
MUTANT_REF = re.compile(r"`([\w.ǁ]+__mutmut_\d+)`")
ROW = re.compile(r"^\|\s*[A-Za-z]?\d+[a-z]?\s*\|")


@dataclass
class Row:
    line_no: int
    key: str
    tests: list[str]
    mutants: list[str] = field(default_factory=list)
    outside: bool = False
    """The Kills cell says the tests pin code outside the mutated files (``outside: …``)."""


def coverage_rows(scope: Scope) -> list[Row]:
    """The rule rows of the scope's coverage table, with their tests and named mutants.

    A row's tests are the ones in this folder (``file.py::test``); its mutants are in
    its last cell, named relative to the game's package (``rules.x.x_fn__mutmut_3``).
    """
    if scope.coverage_table is None:
        return []
    rows = []
    folder = scope.coverage_table.parent.relative_to(ROOT).as_posix()
    for i, line in enumerate(scope.coverage_table.read_text("utf-8").splitlines()):
        if not ROW.match(line):
            continue
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        tests = [f"{folder}/{f}::{t}" for f, t in TEST_REF.findall(line)]
        last = cells[-1]
        mutants = [scope.module_prefix + m for m in MUTANT_REF.findall(last)]
        rows.append(Row(i, cells[0], tests, mutants, last.startswith("outside")))
    return rows


class Trial:
    """Runs chosen tests on chosen mutants in the scope's ``mutants/`` folder.

    A small server (this script with ``--serve-trials``) runs in the project folder (so
    the tests are today's, not the copy mutmut made) with the mutated sources first on the
    path and pytest imported once; each trial is a fork of it that
    sets ``MUTANT_UNDER_TEST`` (one mutant, or "" for the real code) and runs pytest on
    the given tests, so a trial costs the tests' own time, not an interpreter's start.
    """

    def __init__(self, scope: Scope) -> None:
        self.mutants = BUILD / scope.name / "mutants"
        env = {**os.environ, "PYTHONPATH": str(self.mutants / "src")}
        self.server = subprocess.Popen(
            [sys.executable, "-u", str(Path(__file__).resolve()), "--serve-trials"],
            cwd=ROOT,
            env=env,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )

    def fails(self, tests: list[str], mutant: str) -> bool:
        assert self.server.stdin is not None and self.server.stdout is not None
        self.server.stdin.write(json.dumps({"tests": tests, "mutant": mutant}) + "\n")
        self.server.stdin.flush()
        code = int(json.loads(self.server.stdout.readline())["code"])
        if code not in (0, 1):
            raise SystemExit(f"pytest could not run {tests} (exit {code})")
        return code == 1

    def close(self) -> None:
        if self.server.stdin is not None:
            self.server.stdin.close()
        self.server.wait(timeout=60)


def serve_trials() -> None:
    """The trial server's loop: one JSON request per line, one forked pytest each."""
    import pytest

    import solotable  # noqa: F401  (imported once, before the forks)

    for line in sys.stdin:
        job = json.loads(line)
        pid = os.fork()
        if pid == 0:
            # A mutant that loops forever is killed by the clock, as mutmut's own runs do.
            signal.alarm(600)
            os.environ["MUTANT_UNDER_TEST"] = job["mutant"]
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, 1)
            os.dup2(devnull, 2)
            args = ["-x", "-q", "-p", "no:cacheprovider", "--hypothesis-profile=ci"]
            code = pytest.main([*args, "--rootdir=.", *job["tests"]])
            os._exit(int(code))
        _, status = os.waitpid(pid, 0)
        code = os.waitstatus_to_exitcode(status)
        code = 1 if code == -signal.SIGALRM else code
        sys.stdout.write(json.dumps({"code": code}) + "\n")
        sys.stdout.flush()


def check_rows(scope: Scope, outcome: dict[str, int]) -> list[str]:
    """Problems with the rows' named mutants (empty when every claim holds)."""
    problems = []
    trial = Trial(scope)
    for row in coverage_rows(scope):
        if not row.tests:
            continue
        if not row.mutants:
            if not row.outside:
                problems.append(f"row {row.key}: names no mutant its tests kill")
            continue
        if trial.fails(row.tests, ""):
            problems.append(f"row {row.key}: its tests fail on the real code")
            continue
        for m in row.mutants:
            if m not in outcome:
                problems.append(f"row {row.key}: {m} is not a mutant of this run")
            elif not trial.fails(row.tests, m):
                problems.append(f"row {row.key}: its tests do not kill {m}")
    trial.close()
    return problems


def _function_of(mutant: str) -> str:
    return mutant.rsplit("__mutmut_", 1)[0]


def add_kills_column(table: Path) -> None:
    """Give every table of a coverage file a last column "Kills" (empty cells)."""
    lines = table.read_text("utf-8").splitlines()
    if any("| Kills |" in line for line in lines):
        return
    out = []
    for k, line in enumerate(lines):
        nxt = lines[k + 1] if k + 1 < len(lines) else ""
        if line.startswith("|") and line.rstrip().endswith("|"):
            if set(line.replace("|", "").strip()) <= {"-", " ", ":"}:
                line = line.rstrip() + "---|"
            elif nxt.startswith("|---") or nxt.startswith("| ---"):
                line = line.rstrip() + " Kills |"
            elif ROW.match(line):
                line = line.rstrip() + "  |"
        out.append(line)
    table.write_text("\n".join(out) + "\n", "utf-8")


CODE_REF = re.compile(r"((?:rules/)?\w+)\.py: ([\w, ]+)")


def _code_functions(line: str, prefix: str) -> list[str]:
    """Mutmut function names for a row's Code cell (``rules/selection.py: selectable, f``)."""
    out = []
    for module, names in CODE_REF.findall(line):
        for name in names.split(","):
            if name.strip():
                out.append(f"{prefix}{module.replace('/', '.')}.x_{name.strip()}")
    return out


def assign_rows(scope: Scope, outcome: dict[str, int]) -> int:
    """Fill each row's empty Kills cell with a mutant its tests kill; returns rows filled.

    Candidates are killed mutants of functions the row's tests call, the most specific
    first (the function fewest tests call); each is tried until the row's tests fail.
    """
    assert scope.coverage_table is not None
    add_kills_column(scope.coverage_table)
    stats = json.loads((BUILD / scope.name / "mutants" / "mutmut-stats.json").read_text("utf-8"))
    by_function: dict[str, set[str]] = {
        k: set(v) for k, v in stats["tests_by_mangled_function_name"].items()
    }
    killed = sorted(
        (m for m, c in outcome.items() if c in KILLED_CODES),
        key=lambda m: (len(by_function.get(_function_of(m), ())), m),
    )
    trial = Trial(scope)
    lines = scope.coverage_table.read_text("utf-8").splitlines()
    filled = 0
    taken: set[str] = set()
    for row in coverage_rows(scope):
        if row.mutants or not row.tests:
            continue

        def called_by_row(m: str, row: Row = row) -> bool:
            tests = by_function.get(_function_of(m), set())
            return any(t == n or t.startswith(n + "[") for t in tests for n in row.tests)

        named = _code_functions(lines[row.line_no], scope.module_prefix)
        candidates = [m for m in killed if called_by_row(m) and m not in taken]
        # The functions the row's Code cell names first, then the rules' own modules; never
        # a function that builds tables when a game is made (a fault there breaks any test).
        candidates.sort(
            key=lambda m: (
                not any(m.startswith(f + "__mutmut_") for f in named),
                ".rules." not in m,
                any(w in _function_of(m) for w in ("build", "parse", "__init__", "load")),
            )
        )
        for m in candidates[:8]:
            if trial.fails(row.tests, m):
                short = m.removeprefix(scope.module_prefix)
                line = lines[row.line_no].rstrip()
                assert line.endswith("|")
                lines[row.line_no] = line[:-1].rstrip() + f" `{short}` |"
                taken.add(m)
                filled += 1
                print(f"[{scope.name}] row {row.key}: {short}", flush=True)
                break
        else:
            line = lines[row.line_no].rstrip()
            note = "outside: no mutant of the mutated files is killed by these tests"
            lines[row.line_no] = line[:-1].rstrip() + f" {note} |"
            print(f"[{scope.name}] row {row.key}: no killed mutant found", flush=True)
    trial.close()
    scope.coverage_table.write_text("\n".join(lines) + "\n", "utf-8")
    return filled


# -- report -------------------------------------------------------------------------------


def summarise(scope: Scope, outcome: dict[str, int], equivalents: set[str]) -> dict[str, object]:
    mine = {m for m in equivalents if m.startswith(scope.module_prefix)}
    if scope.name == "core":
        mine = {m for m in mine if m.startswith(CORE_PACKAGES)}
    survivors = sorted(m for m, c in outcome.items() if c not in KILLED_CODES)
    killed = [m for m, c in outcome.items() if c in KILLED_CODES]
    timed_out = {m for m in mine if outcome.get(m) in TIMEOUT_CODES}
    by_file: dict[str, list[int]] = {}
    for m, c in outcome.items():
        part = m.removeprefix(scope.module_prefix).split(".")[0]
        counts = by_file.setdefault(part, [0, 0, 0])
        counts[0] += 1
        counts[1] += c in KILLED_CODES and m not in timed_out
        counts[2] += m in mine
    return {
        "generated": len(outcome),
        "killed": len(killed) - len(timed_out),
        "equivalent": len([m for m in survivors if m in mine]) + len(timed_out),
        "equivalent_timed_out": sorted(timed_out),
        "unexplained": [m for m in survivors if m not in mine],
        "stale_equivalents": sorted(m for m in mine if m not in survivors and m not in timed_out),
        "by_area": by_file,
        "no_tests": [m for m in survivors if outcome[m] == NO_TESTS],
    }


def try_kills(scope: Scope, names: list[str]) -> int:
    """``--try``: do these tests kill these mutants? One line per mutant; exit 1 if any lives.

    The tests are today's (this folder), the mutated sources those of the scope's last run,
    as for a coverage row's check: a new test proves its kill here before the next run.
    """
    mutants = [n for n in names if "__mutmut_" in n]
    tests = [n for n in names if "__mutmut_" not in n]
    if not mutants or not tests:
        raise SystemExit("--try needs at least one mutant name and one test")
    if not (BUILD / scope.name / "mutants" / "src").is_dir():
        raise SystemExit(f"[{scope.name}] no mutants/ folder: run the scope once first")
    mutants = mutant_names(scope, mutants)
    trial = Trial(scope)
    try:
        if trial.fails(tests, ""):
            print(f"the tests fail on the real code: {' '.join(tests)}")
            return 1
        alive = 0
        for name in mutants:
            killed = trial.fails(tests, name)
            alive += not killed
            print(f"{'killed' if killed else 'SURVIVES'}: {name}", flush=True)
    finally:
        trial.close()
    return 1 if alive else 0


def main(argv: list[str] | None = None) -> int:
    # Mutants change sources: the compiled rules (tools/compile_rules.py) would run in their
    # place, so every process of the run imports the sources (solotable.accel).
    os.environ["SOLOTABLE_PURE"] = "1"
    known = scopes()
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("scope", nargs="*", help=f"scopes to run (default: all): {', '.join(known)}")
    p.add_argument("--max-children", type=int, default=2)
    p.add_argument("--no-run", action="store_true", help="only check the last run's results")
    p.add_argument("--assign", action="store_true", help="fill empty Kills cells of coverage rows")
    p.add_argument("--skip-rows", action="store_true", help="do not check coverage rows")
    p.add_argument(
        "--try",
        dest="trial",
        nargs="+",
        metavar="MUTANT_OR_TEST",
        help="check that the given tests kill the given mutants (names with __mutmut_, "
        "tests as pytest node ids): they pass on the real code and fail on each mutant; "
        "needs one scope and its mutants/ folder from an earlier run",
    )
    p.add_argument("--serve-trials", action="store_true", help=argparse.SUPPRESS)
    args = p.parse_args(argv)
    if args.serve_trials:
        serve_trials()
        return 0
    if args.trial:
        if len(args.scope) != 1 or args.scope[0] not in known:
            p.error(f"--try needs exactly one scope: {', '.join(known)}")
        return try_kills(known[args.scope[0]], args.trial)
    bad = [s for s in args.scope if s not in known]
    if bad:
        p.error(f"unknown scope {', '.join(bad)}; choose from {', '.join(known)}")
    if shutil.which("mutmut", path=str(Path(sys.executable).parent)) is None:
        p.error("mutmut is not installed: pip install -e '.[mutation]' (make mutation does)")
    chosen = [known[s] for s in (args.scope or list(known))]
    equivalents = listed_equivalents()
    failed = False
    report = {}
    for scope in chosen:
        if not args.no_run:
            run_mutmut(scope, args.max_children)
        outcome = results(scope)
        if not outcome:
            raise SystemExit(f"[{scope.name}] no results: run without --no-run first")
        if args.assign and scope.coverage_table is not None:
            assign_rows(scope, outcome)
        summary = summarise(scope, outcome, equivalents)
        problems = [] if args.skip_rows else check_rows(scope, outcome)
        summary["row_problems"] = problems
        report[scope.name] = summary
        print(
            f"[{scope.name}] mutants {summary['generated']}, killed {summary['killed']}, "
            f"equivalent {summary['equivalent']}, unexplained survivors "
            f"{len(summary['unexplained'])}",  # type: ignore[arg-type]
            flush=True,
        )
        for m in summary["unexplained"]:  # type: ignore[attr-defined]
            print(f"    survived: {m}")
        for m in summary["stale_equivalents"]:  # type: ignore[attr-defined]
            print(f"    listed as equivalent but killed or gone: {m}")
        for problem in problems:
            print(f"    coverage {problem}")
        if summary["unexplained"] or summary["stale_equivalents"] or problems:
            failed = True
    BUILD.mkdir(parents=True, exist_ok=True)
    (BUILD / "report.json").write_text(json.dumps(report, indent=1, sort_keys=True), "utf-8")
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
