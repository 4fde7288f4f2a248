"""The `mtg-env` command line."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from .core.errors import MtgError
from .paths import config_file
from .play import play_game
from .registry import make_agent
from .text import format_state


def cmd_scenario_run(args: argparse.Namespace) -> int:
    from .engine.scenario import run_scenario
    run = run_scenario(args.file)
    game = run.scenario.game
    state = game.state_json()
    if args.json:
        print(json.dumps({"scenario": run.scenario.name, "ok": run.ok, "failures": run.failures,
                          "error": run.error, "state": state, "log": game.log}, indent=2))
    else:
        print(f"Scenario: {run.scenario.name or args.file}")
        for line in game.log:
            print(f"  {line}")
        print(format_state(state))
        if run.error:
            print(f"ERROR: {run.error}")
        for f in run.failures:
            print(f"FAILED: {f}")
        if run.ok and run.scenario.expect:
            print(f"OK: {len(run.scenario.expect)} expectation(s) hold")
    return 0 if run.ok else 1


def cmd_scenario_actions(args: argparse.Namespace) -> int:
    from .engine.scenario import read_scenario
    sc = read_scenario(args.file)
    if not args.no_line:
        sc.game.run_line(sc.line)
    for a in sc.game.legal_actions():
        print(a.label)
    return 0


def cmd_cards(args: argparse.Namespace) -> int:
    from .cards import report
    if args.coverage:
        from .cards.compiler.coverage import coverage
        cov = coverage(use_cache=not args.no_cache)
        print(json.dumps(cov.to_json(args.top), indent=1) if args.json else report.coverage_text(cov, args.top))
        return 0
    from .cards.database import lookup
    q = (args.query or "").strip()
    if q and lookup(q) is not None or q and _hand_written(q):
        if args.json:
            from .cards import card_status
            st = card_status(q)
            print(json.dumps({"name": st.name, "supported": st.supported, "reasons": st.reasons, "source": st.source}))
        else:
            print(report.card_text(q))
        return 0
    from .cards.compiler.coverage import supported_names
    low = q.lower()
    names = [n for n in supported_names() if low in n.lower()]
    for n in names:
        print(n)
    print(f"({len(names)} supported card{'s' if len(names) != 1 else ''}"
          + (f" matching {q!r}" if q else "") + ")", file=sys.stderr)
    return 0


def _hand_written(name: str) -> bool:
    from .cards import _hand_written as hw
    return hw(name) is not None


def cmd_deck_check(args: argparse.Namespace) -> int:
    from .cards.report import deck_text
    from .engine.decks import check_deck, read_deck_file
    rep = check_deck(read_deck_file(args.file), args.file)  # a regular file within the size limit
    print(json.dumps(rep.to_json(), indent=1) if args.json else deck_text(rep))
    return 0


def cmd_fuzz(args: argparse.Namespace) -> int:
    from .fuzz import FORMATS, fuzz
    formats = args.format.split(",") if args.format else list(FORMATS)
    agents = args.agent.split(",") if args.agent else ["random", "heuristic"]
    if args.games < 1:
        raise SystemExit(f"mtg-env fuzz: --games must be at least 1, got {args.games}")
    bad = [f for f in formats if f not in FORMATS]
    if bad:
        raise SystemExit(f"mtg-env fuzz: --format: unknown {', '.join(bad)}; expected {', '.join(FORMATS)}")

    def progress(i: int, rep: object) -> None:
        if not args.json and (i + 1) % 10 == 0:
            print(f"  {i + 1} games ...", file=sys.stderr)
    rep = fuzz(args.games, pool=args.pool, formats=formats, agents=agents, seed=args.seed, steps=args.steps,
               deep=args.deep, progress=progress)
    if args.json:
        print(json.dumps(rep.to_json(), indent=1))
    else:
        print(f"{rep.games} games ({', '.join(f'{n} {f}' for f, n in rep.by_format.items())}) from a pool of "
              f"{rep.pool_size} cards: {rep.finished} finished, {rep.actions} actions, {rep.seconds:.1f} s, "
              f"{len(rep.failures)} failed")
        for f in rep.failures:
            print(f"  game {f.game} ({f.format}, {f.agent}, seed {f.seed}) after {len(f.actions)} actions: {f.error}")
            print("    " + f.traceback.strip().replace("\n", "\n    "))
    return 1 if rep.failures else 0


def cmd_bench(args: argparse.Namespace) -> int:
    from .bench import run_bench
    run_bench(quick=args.quick, as_json=args.json, with_ray=not args.no_ray, profile=args.profile)
    return 0


def _harness(args: argparse.Namespace, config: str, kinds: tuple[str, ...] = ()) -> int:
    from .harness import load_config, run
    if kinds:
        cfg = load_config(config)
        if cfg.kind not in kinds:
            command = "rollouts" if cfg.kind == "puzzles" else cfg.kind
            print(f"mtg-env: error: {config}: kind: this is a {cfg.kind} config; use `mtg-env {command}`",
                  file=sys.stderr)
            return 2
    run(config, games=args.games, workers=args.workers, seed=args.seed, out=args.out, address=args.address,
        resume=args.resume, force=args.force, progress=not args.no_progress)
    return 0


def cmd_rollouts(args: argparse.Namespace) -> int:
    return _harness(args, args.config, ("rollouts", "puzzles"))


def cmd_tournament(args: argparse.Namespace) -> int:
    return _harness(args, args.config, ("tournament",))


def cmd_run(args: argparse.Namespace) -> int:
    """The main job: a config (by default configs/default.yaml, a round-robin tournament of the
    included agents and decks on local Ray), with its standings and report."""
    config = args.config or str(config_file("default.yaml"))
    if args.out is None:
        args.out = str(Path("results") / Path(config).stem)
    return _harness(args, config)


def _budget(text: str | None) -> tuple[int, float]:
    """`--budget 20000` (nodes) or `--budget 10s` (seconds)."""
    if not text:
        return 50_000, 30.0
    if text.endswith("s"):
        return 10**9, float(text[:-1])
    return int(text), 3600.0


def _puzzle_budget(text: str | None) -> tuple[int | None, float]:
    """`--budget 60s` (seconds, the default) or `--budget 200000` (search nodes)."""
    if not text:
        return None, 60.0
    try:
        if text.endswith("s"):
            seconds = float(text[:-1])
            if seconds > 0:
                return None, seconds
        elif int(text) > 0:
            return int(text), float("inf")
    except ValueError:
        pass
    raise SystemExit(f"mtg-env puzzle: --budget: expected seconds (60s) or a number of nodes (200000), got {text!r}")


def _solve_file(path: str, nodes: int | None, seconds: float) -> dict[str, Any]:
    from .puzzle import PuzzleError, UnsupportedPuzzleError, load_puzzle
    from .puzzle_search import solve
    try:
        pz = load_puzzle(path)
    except UnsupportedPuzzleError as e:
        return {"file": path, "name": Path(path).stem, "goal": None, "turns": None, "solved": False, "line": [],
                "nodes": 0, "seconds": 0.0, "unsupported": e.unsupported, "status": "unsupported"}
    except PuzzleError as e:
        return {"file": path, "name": Path(path).stem, "goal": None, "turns": None, "solved": False, "line": [],
                "nodes": 0, "seconds": 0.0, "unsupported": [], "status": "error", "error": str(e)}
    r = solve(pz, nodes, seconds)
    out = r.to_json()
    out["file"] = path
    out["status"] = "solved" if r.solved else "no solution" if r.refuted else "unsolved"
    return out


def _agent_runs(args: argparse.Namespace, files: list[str]) -> int:
    from .puzzle import PuzzleError, UnsupportedPuzzleError
    from .puzzle_search import play_puzzle
    rows = []
    for f in files:
        try:
            rows.append(play_puzzle(f, args.agent, args.opponent, args.games, args.seed).to_json() | {"file": f})
        except (UnsupportedPuzzleError, PuzzleError) as e:
            rows.append({"file": f, "name": Path(f).stem, "agent": args.agent, "error": str(e)})
    if args.json:
        print(json.dumps(rows if args.suite else rows[0], indent=2))
        return 0
    played = [r for r in rows if "error" not in r]
    for r in rows:
        if "error" in r:
            print(f"{Path(r['file']).name:36s} not played: {r['error'][:120]}")
        else:
            print(f"{Path(r['file']).name:36s} {r['reached']}/{r['games']} reached ({r['rate']:.0%}), "
                  f"{r['seconds']:.1f} s")
    if args.suite:
        solved = sum(r["reached"] > 0 for r in played)
        rate = sum(r["rate"] for r in played) / len(played) if played else 0.0
        print(f"{args.agent} against {args.opponent}: {len(played)} of {len(rows)} puzzles played, "
              f"goal reached at least once in {solved}, mean success rate {rate:.1%}")
    return 0


def cmd_puzzle(args: argparse.Namespace) -> int:
    nodes, seconds = _puzzle_budget(args.budget)
    if args.games < 1:
        raise SystemExit(f"mtg-env puzzle: --games must be at least 1, got {args.games}")
    if args.agent:
        if args.suite:
            folder = Path(args.suite)
            if not folder.is_dir():
                raise SystemExit(f"mtg-env puzzle: --suite: no such directory: {folder}")
            return _agent_runs(args, sorted(str(p) for p in folder.glob("*.pzl")))
        if not args.file:
            raise SystemExit("mtg-env puzzle: give a puzzle file or --suite DIR")
        return _agent_runs(args, [args.file])
    if args.suite:
        folder = Path(args.suite)
        if not folder.is_dir():
            raise SystemExit(f"mtg-env puzzle: --suite: no such directory: {folder}")
        files = sorted(str(p) for p in folder.glob("*.pzl"))
        if not files:
            raise SystemExit(f"mtg-env puzzle: --suite: no .pzl files in {folder}")
        rows = [_solve_file(f, nodes, seconds) for f in files]
        if args.json:
            print(json.dumps(rows, indent=2))
        else:
            for r in rows:
                print(f"{Path(r['file']).name:36s} {r['status']:12s} {r['nodes']:>9} nodes {r['seconds']:>8.2f} s")
            counts = {k: sum(r["status"] == k for r in rows) for k in
                      ("solved", "unsolved", "no solution", "unsupported", "error")}
            print(f"{len(rows)} puzzles: " + ", ".join(f"{n} {k}" for k, n in counts.items()) +
                  f"; {sum(r['seconds'] for r in rows):.1f} s")
        return 0
    if not args.file:
        raise SystemExit("mtg-env puzzle: give a puzzle file or --suite DIR")
    r = _solve_file(args.file, nodes, seconds)
    if r["status"] == "error":
        raise SystemExit(r["error"])
    if args.json:
        print(json.dumps({k: r.get(k, []) for k in ("name", "goal", "turns", "solved", "line", "nodes", "seconds",
                                                    "unsupported", "moves")}, indent=2))
    elif r["status"] == "unsupported":
        print(f"{args.file}: not supported:\n  " + "\n  ".join(r["unsupported"]))
    else:
        print(f"{r['name']} ({r['goal']}, {r['turns']} turn(s)): {r['status']} "
              f"({r['nodes']} nodes, {r['seconds']:.2f} s)")
        for step in r["line"]:
            print(f"  {step}")
        if r.get("moves"):
            print("the moves that mattered: " + "; ".join(r["moves"]))
    return 0 if r["solved"] else 1


def cmd_combo(args: argparse.Namespace) -> int:
    from .combo import load_combo_file, run_suite, search, verify_line
    from .engine.scenario import build_scenario
    nodes, seconds = _budget(args.budget)
    if args.suite:
        suite_rows, ok = run_suite(args.suite, max_nodes=nodes, max_seconds=min(seconds, 30.0))
        if args.json:
            print(json.dumps(suite_rows, indent=2))
        else:
            print(f"{'line':62} {'goal':7} {'expected':>10} {'found':>10} {'nodes':>7} {'time':>7}")
            for row in suite_rows:
                mark = "" if row["ok"] else "   <-- MISMATCH"
                print(f"{row['line'][:62]:62} {row['goal']:7} {row['expected']:>10} {row['found']:>10} "
                      f"{row['nodes']:>7} {row['seconds']:>6.2f}s{mark}")
            total = sum(row["seconds"] for row in suite_rows)
            print(f"{sum(row['ok'] for row in suite_rows)}/{len(suite_rows)} as expected, {total:.1f} s in all")
        return 0 if ok else 1
    if not args.file:
        print("mtg-env: error: give a combo or scenario FILE, or --suite DIR", file=sys.stderr)
        return 2
    spec = load_combo_file(args.file)
    game = build_scenario(spec["scenario"], args.file).game
    if args.line:
        from .core.inputs import read_text
        steps = [ln.strip() for ln in read_text(args.line).splitlines() if ln.strip() and not ln.startswith("#")]
        ok, at, message = verify_line(game, steps)
        print(message)
        if ok:
            print(format_state(game.state_json()))
        return 0 if ok else 1
    goal = args.goal or spec.get("goal") or "mana"
    r = search(game, goal, max_nodes=nodes, max_seconds=seconds)
    if args.json:
        print(json.dumps(r.to_json(), indent=2))
        return 0
    print(f"{spec.get('name', args.file)}: goal {goal}")
    if r.unbounded:
        print(f"UNBOUNDED: each repetition of this loop grows {r.grows}" + (f" and costs {r.costs}" if r.costs else ""))
        for step in r.loop or []:
            print(f"  ↻ {step}")
    else:
        print(f"best value {r.value}" + ("" if r.complete else " (search budget reached: a lower bound)"))
    for sc in r.shortcuts:
        print(f"  shortcut (CR 731): a loop growing {sc['grows']} repeated any number of times")
    print("line:")
    for step in r.line:
        print(f"  {step}")
    print(f"{r.nodes} nodes, {r.transpositions} transpositions, {r.seconds:.2f} s")
    return 0


def agent_options(pairs: Sequence[str]) -> dict[str, Any]:
    """`KEY=VALUE` options of an agent from the command line; a value reads as YAML (3, 0.5, true)."""
    import yaml
    out: dict[str, Any] = {}
    for text in pairs:
        key, eq, value = text.partition("=")
        if not eq or not key.strip():
            raise ValueError(f"--opponent-option {text!r}: expected KEY=VALUE, e.g. checkpoint=runs/selfplay")
        parsed = yaml.safe_load(value) if value.strip() else ""
        out[key.strip()] = parsed if isinstance(parsed, int | float | bool) else value
    return out


def cmd_train(args: argparse.Namespace) -> int:
    """`mtg-env train CONFIG` (mtg_env/learn/train.py): needs the `rl` extra (torch, ray[rllib])."""
    from .learn.train import run_from_args
    return run_from_args(args)


def cmd_play(args: argparse.Namespace) -> int:
    """A terminal game for a person against an agent: the board, the stack and the numbered legal
    actions each time, answered by number or by label text (interface.md §3)."""
    from .core.errors import IllegalActionError
    from .engine.decks import new_game
    decks = [args.deck] if args.format == "goldfish" else [args.deck, args.opponent_deck]
    if args.format != "goldfish" and not args.opponent_deck:
        print("mtg-env: error: --opponent-deck is needed (or use --format goldfish)", file=sys.stderr)
        return 2
    game = new_game(decks, seed=args.seed, format=args.format, mana_payment=args.mana_payment,
                    turn_limit=args.turn_limit)
    human = game.players[0].name
    agent = make_agent(args.opponent, args.seed, **agent_options(args.opponent_option))
    opponents = {p.name: agent for p in game.players if p.name != human}
    seen = 0
    while True:
        # the agent plays on until the person must decide; then one decision of theirs at a time
        play_game(game, opponents, None, until=lambda g: g.decision is not None and g.decision.player == human)
        if game.decision is None:
            break
        actions = game.legal_actions()
        if len(actions) == 1 and actions[0].kind == "pass" and not game.stack:
            game.act(actions[0])  # nothing to decide: pass on (the log shows what happened)
            continue
        for line in game.log[seen:]:
            print(f"  · {line}")
        seen = len(game.log)
        print()
        print(format_state(game.state_json(), viewer=human))
        for i, a in enumerate(actions, 1):
            print(f"  {i:3}. {a.label}")
        while True:
            try:
                answer = input(f"{human}> ").strip()
            except EOFError:
                print(f"\n{human} concedes.")
                game.concede(human)
                break
            if answer in ("quit", "concede"):
                game.concede(human)
                break
            try:
                if answer.isdigit() and 1 <= int(answer) <= len(actions):
                    game.act(actions[int(answer) - 1])
                else:
                    game.act(answer)
                break
            except IllegalActionError as e:
                print(e)
    for line in game.log[seen:]:
        print(f"  · {line}")
    r = game.result
    print(f"Game over: {'winner ' + r['winner'] if r['winner'] else 'draw'} ({r['reason']})")
    return 0


def build_parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(prog="mtg-env", description="A headless Magic: The Gathering rules engine.")
    sub = ap.add_subparsers(dest="command", required=True)

    sc = sub.add_parser("scenario", help="run a scenario file or list its legal actions")
    scs = sc.add_subparsers(dest="scenario_command", required=True)
    r = scs.add_parser("run", help="play the scenario's line, print the state, check `expect`")
    r.add_argument("file")
    r.add_argument("--json", action="store_true", help="print one JSON object")
    r.set_defaults(func=cmd_scenario_run)
    a = scs.add_parser("actions", help="the legal actions after the scenario's line, one label a line")
    a.add_argument("file")
    a.add_argument("--no-line", action="store_true", help="at the position itself, before the line")
    a.set_defaults(func=cmd_scenario_actions)

    c = sub.add_parser("cards", help="show a card's text and compiled abilities, list supported cards, coverage")
    c.add_argument("query", nargs="?", help="a card's name (shows it), or part of a name (lists supported cards)")
    c.add_argument("--coverage", action="store_true", help="supported / total, by type, top unsupported phrases")
    c.add_argument("--top", type=int, default=40, help="how many unsupported phrases to list (--coverage)")
    c.add_argument("--json", action="store_true")
    c.add_argument("--no-cache", action="store_true", help="compile every card again (--coverage)")
    c.set_defaults(func=cmd_cards)

    dk = sub.add_parser("deck", help="check a deck list (Arena/MTGO text or Forge .dck)")
    dks = dk.add_subparsers(dest="deck_command", required=True)
    dkc = dks.add_parser("check", help="each card's support status and the deck's share")
    dkc.add_argument("file")
    dkc.add_argument("--json", action="store_true")
    dkc.set_defaults(func=cmd_deck_check)

    fz = sub.add_parser("fuzz", help="random decks from the supported pool, every invariant checked after each action")
    fz.add_argument("--games", type=int, default=30)
    fz.add_argument("--pool", default="all", choices=["all", "hand-written"])
    fz.add_argument("--format", help="comma-separated: duel, goldfish, commander (default: all three)")
    fz.add_argument("--agent", help="comma-separated agents choosing the actions (default: random,heuristic)")
    fz.add_argument("--seed", type=int, default=0)
    fz.add_argument("--steps", type=int, default=1500, help="actions per game at most")
    fz.add_argument("--deep", action="store_true", help="also try sampled actions on clones and replay copies")
    fz.add_argument("--json", action="store_true")
    fz.set_defaults(func=cmd_fuzz)

    b = sub.add_parser("bench", help="print engine speed figures")
    b.add_argument("--quick", action="store_true", help="fewer repetitions")
    b.add_argument("--json", action="store_true", help="print the figures as JSON")
    b.add_argument("--no-ray", action="store_true", help="skip the Ray rollout figures")
    b.add_argument("--profile", action="store_true", help="also the five hottest functions of random games (cProfile)")
    b.set_defaults(func=cmd_bench)

    pl = sub.add_parser("play", help="play a game in the terminal against an agent")
    pl.add_argument("--deck", required=True, help="your deck list")
    pl.add_argument("--opponent-deck", help="the agent's deck list")
    pl.add_argument("--opponent", default="heuristic",
                    help="the agent's name (mtg_env.registry): random, heuristic, mcts, combo")
    pl.add_argument("--format", default="duel", choices=["duel", "goldfish"])
    pl.add_argument("--seed", type=int, default=0)
    pl.add_argument("--mana-payment", default="auto", choices=["auto", "manual"])
    pl.add_argument("--turn-limit", type=int, default=50)
    pl.add_argument("--opponent-option", action="append", default=[], metavar="KEY=VALUE",
                    help="an option of the agent (repeatable), e.g. checkpoint=runs/selfplay for "
                         "--opponent policy")
    pl.set_defaults(func=cmd_play)

    co = sub.add_parser("combo", help="search a position's lines for a goal; detect unbounded loops")
    co.add_argument("file", nargs="?", help="a combo file or a scenario file")
    co.add_argument("--goal", help="mana, mana:<W|U|B|R|G|C>, damage, life, tokens, untapped, lose")
    co.add_argument("--budget", help="search nodes (20000) or seconds (10s)")
    co.add_argument("--json", action="store_true")
    co.add_argument("--line", help="verify a written line (one step a line) instead of searching")
    co.add_argument("--suite", help="run every combo file in a directory and compare with its answer")
    co.set_defaults(func=cmd_combo)

    pz = sub.add_parser("puzzle", help="solve a Forge puzzle (.pzl): a line that reaches its goal against every answer")
    pz.add_argument("file", nargs="?", help="a .pzl file")
    pz.add_argument("--budget", help="seconds (60s, the default) or search nodes (200000)")
    pz.add_argument("--json", action="store_true")
    pz.add_argument("--suite", help="solve every .pzl file in a directory and print a table")
    pz.add_argument("--agent", help="instead of searching, let this agent play P1 and count how often it "
                    "reaches the goal")
    pz.add_argument("--opponent", default="heuristic", help="the agent playing P2 with --agent (heuristic)")
    pz.add_argument("--games", type=int, default=10, help="games per puzzle with --agent (10)")
    pz.add_argument("--seed", type=int, default=0, help="the first game's seed with --agent")
    pz.set_defaults(func=cmd_puzzle)

    def harness_options(p: argparse.ArgumentParser) -> None:
        p.add_argument("--games", type=_at_least_one, help="games (rollouts) or games per match (tournament)")
        p.add_argument("--workers", type=_at_least_one,
                       help="games played at once (default: every CPU of this machine, or of the cluster)")
        p.add_argument("--seed", type=int, help="the run's seed (overrides the config)")
        p.add_argument("--out", help="output directory (default results/<name>)")
        p.add_argument("--address", help="join the Ray cluster at host:port (or set RAY_ADDRESS); "
                       "a cluster with token authentication needs RAY_AUTH_MODE=token and its token")
        again = p.add_mutually_exclusive_group()
        again.add_argument("--resume", action="store_true", help="continue the interrupted run in --out")
        again.add_argument("--force", action="store_true",
                           help="replace the earlier run in --out (only that run's files are deleted)")
        p.add_argument("--no-progress", action="store_true", help="no progress bar")

    ro = sub.add_parser("rollouts", help="rollout statistics from a config (Ray)")
    ro.add_argument("config", help="a rollouts config, or a puzzles config (kind: puzzles: an agent's rate on a puzzle set)")
    harness_options(ro)
    ro.set_defaults(func=cmd_rollouts)
    to = sub.add_parser("tournament", help="an AI-vs-AI tournament from a config (Ray)")
    to.add_argument("config")
    harness_options(to)
    to.set_defaults(func=cmd_tournament)
    tr = sub.add_parser("train", help="self-play on Ray: RLlib multi-agent PPO of the entity policy with a league")
    from .learn.args import add_arguments as train_arguments
    train_arguments(tr)
    tr.set_defaults(func=cmd_train)
    run = sub.add_parser("run", help="the main job: configs/default.yaml, a round-robin tournament")
    run.add_argument("config", nargs="?", help="a tournament, rollouts or puzzles config (default configs/default.yaml)")
    harness_options(run)
    run.set_defaults(func=cmd_run)
    return ap


def _at_least_one(text: str) -> int:
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if n < 1:
        raise argparse.ArgumentTypeError(f"expected at least 1, got {n}")
    return n


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return int(args.func(args) or 0)
    except (MtgError, OSError, ValueError) as e:
        print(f"mtg-env: error: {e}", file=sys.stderr)
        return 2
    except KeyboardInterrupt as e:  # Ctrl-C: a line, not a traceback (a run says how to resume)
        print(f"\nmtg-env: {e}" if str(e) else "\nmtg-env: interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
