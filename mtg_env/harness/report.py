"""Summaries, the printed table and a self-contained HTML report (plots embedded as PNG)."""

from __future__ import annotations

import base64
import html
import io
from pathlib import Path
from typing import Any

from .config import RunConfig
from .stats import bootstrap, bradley_terry, elo, percentiles, wilson


def summarize(cfg: RunConfig, rows: list[dict[str, Any]], structure: dict[str, Any]) -> dict[str, Any]:
    summary: dict[str, Any] = {"name": cfg.name, "kind": cfg.kind, "seed": cfg.seed, "games": len(rows),
                               "structure": structure}
    if cfg.kind == "tournament":
        names = [e.name for e in cfg.entrants]
        table = {n: {"games": 0, "wins": 0, "losses": 0, "draws": 0} for n in names}
        results: list[tuple[str, str, float]] = []
        for r in rows:
            a, b = r["seats"]
            for s in (a, b):
                table[s]["games"] += 1
            if r["winner"] is None:
                table[a]["draws"] += 1
                table[b]["draws"] += 1
                results.append((a, b, 0.5))
            else:
                loser = b if r["winner"] == a else a
                table[r["winner"]]["wins"] += 1
                table[loser]["losses"] += 1
                results.append((a, b, 1.0 if r["winner"] == a else 0.0))
        el = elo(results, names)
        bt = bradley_terry(results, names)
        el_ci = bootstrap(results, names, elo, samples=100, seed=cfg.seed)
        bt_ci = bootstrap(results, names, bradley_terry, samples=100, seed=cfg.seed)
        standings: list[dict[str, Any]] = []
        for n in names:
            t = table[n]
            p, lo, hi = wilson(t["wins"] + 0.5 * t["draws"], t["games"])
            standings.append({"entrant": n, **t, "win_rate": p, "win_rate_low": lo, "win_rate_high": hi,
                              "elo": el[n], "elo_low": el_ci[n][0], "elo_high": el_ci[n][1],
                              "bradley_terry": bt[n], "bt_low": bt_ci[n][0], "bt_high": bt_ci[n][1]})
        standings.sort(key=lambda s: (-float(s["bradley_terry"]), str(s["entrant"])))
        summary["standings"] = standings
    elif cfg.kind == "puzzles":
        summary.update(_puzzle_summary(cfg, rows))
    else:
        n_wins = sum(1 for r in rows if r["winner_seat"] == 0)
        draws = sum(1 for r in rows if r["winner"] is None)
        p, lo, hi = wilson(n_wins + 0.5 * draws, len(rows))
        kill_turns = [r["turns"] for r in rows if r["winner_seat"] == 0]
        goal_turns = [r["goal_turn"] for r in rows if r["goal_turn"] is not None]
        longest = max((len(r["mana_per_turn"]) for r in rows), default=0)
        mana_curve = []
        for turn in range(longest):
            vals = [r["mana_per_turn"][turn] for r in rows if len(r["mana_per_turn"]) > turn]
            mana_curve.append(sum(vals) / len(vals) if vals else 0.0)
        summary.update({
            "win_rate": p, "win_rate_low": lo, "win_rate_high": hi, "wins": n_wins, "draws": draws,
            "kill_turn": percentiles(kill_turns), "goal": cfg.goal,
            "goal_rate": wilson(len(goal_turns), len(rows)), "goal_turn": percentiles(goal_turns),
            "mean_mana_per_turn": mana_curve,
            "mean_actions": sum(r["actions"] for r in rows) / max(len(rows), 1),
        })
    return summary


def _puzzle_summary(cfg: RunConfig, rows: list[dict[str, Any]]) -> dict[str, Any]:
    """Each puzzle's rate of games that reached its goal (Wilson interval), the whole set's, and
    the puzzles set aside with what they lack."""
    by_file: dict[str, list[dict[str, Any]]] = {}
    for r in rows:
        by_file.setdefault(r["file"], []).append(r)
    per = []
    for f in sorted(by_file):
        rs = by_file[f]
        n = sum(1 for r in rs if r["reached"])
        p, lo, hi = wilson(n, len(rs))
        per.append({"file": f, "puzzle": rs[0]["puzzle"], "goal": rs[0]["goal"], "games": len(rs), "reached": n,
                    "rate": p, "rate_low": lo, "rate_high": hi})
    reached = sum(1 for r in rows if r["reached"])
    p, lo, hi = wilson(reached, len(rows))
    return {"agent": cfg.player.agent if cfg.player else None, "opponent": cfg.opponent.agent if cfg.opponent else None,
            "puzzles": per, "reached": reached, "rate": p, "rate_low": lo, "rate_high": hi,
            "puzzles_always_reached": sum(1 for x in per if x["reached"] == x["games"]),
            "puzzles_never_reached": sum(1 for x in per if x["reached"] == 0),
            "unsupported": {Path(f).name: why for f, why in sorted(cfg.unsupported.items())}}


def standings_table(summary: dict[str, Any]) -> str:
    if summary["kind"] == "puzzles":
        lines = [f"{summary['name']}: {summary['agent']} against {summary['opponent']}",
                 f"{'puzzle':40} {'goal':24} {'reached':>9} {'rate (95% CI)':>20}"]
        for x in summary["puzzles"]:
            lines.append(f"{x['file'][:40]:40} {x['goal'][:24]:24} {x['reached']:>4} of {x['games']:<3} "
                         f"{x['rate']:>6.1%} ({x['rate_low']:.0%}-{x['rate_high']:.0%})")
        lines.append(f"all: {summary['reached']} of {summary['games']} games reached the goal "
                     f"({summary['rate']:.1%}, {summary['rate_low']:.0%}-{summary['rate_high']:.0%}, 95% Wilson); "
                     f"{len(summary['puzzles'])} puzzles played, {summary['puzzles_always_reached']} reached in every "
                     f"game, {summary['puzzles_never_reached']} in none")
        for f, why in summary["unsupported"].items():
            lines.append(f"not played (unsupported): {f}: {'; '.join(why)}")
        return "\n".join(lines)
    if summary["kind"] == "tournament":
        lines = [f"{'entrant':28} {'games':>5} {'W-L-D':>9} {'win rate (95% CI)':>22} {'Elo':>6} {'BT (95% CI)':>20}"]
        for s in summary["standings"]:
            wld = f"{s['wins']}-{s['losses']}-{s['draws']}"
            lines.append(f"{s['entrant']:28} {s['games']:>5} {wld:>9} "
                         f"{s['win_rate']:>6.1%} ({s['win_rate_low']:.0%}-{s['win_rate_high']:.0%})".ljust(70)
                         + f"{s['elo']:>6.0f} {s['bradley_terry']:>6.0f} ({s['bt_low']:.0f}-{s['bt_high']:.0f})")
        return "\n".join(lines)
    k = summary["kill_turn"]
    g = summary["goal_turn"]
    out = [f"{summary['name']}: {summary['games']} games, win rate {summary['win_rate']:.1%} "
           f"({summary['win_rate_low']:.0%}-{summary['win_rate_high']:.0%}, 95% Wilson)"]
    if k:
        out.append(f"kill turn: median {k['p50']:.1f}, p10 {k['p10']:.1f}, p90 {k['p90']:.1f}, mean {k['mean']:.2f}")
    if summary.get("goal"):
        rate = summary["goal_rate"]
        out.append(f"goal {summary['goal']}: reached in {rate[0]:.1%} of games ({rate[1]:.0%}-{rate[2]:.0%})"
                   + (f", median turn {g['p50']:.1f}" if g else ""))
    return "\n".join(out)


def _png(fig: Any) -> str:
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=90, bbox_inches="tight")
    return base64.b64encode(buf.getvalue()).decode()


def write_report(cfg: RunConfig, rows: list[dict[str, Any]], summary: dict[str, Any], path: Path) -> None:
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    images: list[tuple[str, str]] = []
    if summary["kind"] == "tournament":
        st = summary["standings"]
        fig, ax = plt.subplots(figsize=(7, 0.5 + 0.45 * len(st)))
        names = [s["entrant"] for s in st][::-1]
        vals = [s["bradley_terry"] for s in st][::-1]
        err = [[v - s["bt_low"] for v, s in zip(vals, st[::-1], strict=True)],
               [s["bt_high"] - v for v, s in zip(vals, st[::-1], strict=True)]]
        ax.errorbar(vals, range(len(names)), xerr=err, fmt="o", capsize=3)
        ax.set_yticks(range(len(names)), names)
        ax.set_xlabel("Bradley-Terry rating (95% bootstrap interval)")
        images.append(("Standings", _png(fig)))
        plt.close(fig)
    turns = [r["turns"] for r in rows]
    if turns:
        fig, ax = plt.subplots(figsize=(7, 3))
        ax.hist(turns, bins=range(1, max(turns) + 2), color="#4a7")
        ax.set_xlabel("turns per game")
        ax.set_ylabel("games")
        images.append(("Game length", _png(fig)))
        plt.close(fig)
    if summary["kind"] == "rollouts" and summary.get("mean_mana_per_turn"):
        fig, ax = plt.subplots(figsize=(7, 3))
        curve = summary["mean_mana_per_turn"]
        ax.plot(range(1, len(curve) + 1), curve, marker="o")
        ax.set_xlabel("turn")
        ax.set_ylabel("mean mana produced")
        images.append(("Mana curve", _png(fig)))
        plt.close(fig)
    parts = [f"<h1>{html.escape(cfg.name)}</h1>",
             f"<p>{summary['games']} games, seed {summary['seed']}.</p>",
             f"<pre>{html.escape(standings_table(summary))}</pre>"]
    for title, data in images:
        parts.append(f"<h2>{html.escape(title)}</h2><img alt='{html.escape(title)}' src='data:image/png;base64,{data}'>")
    parts.append("<h2>Summary</h2><pre>" + html.escape(_json(summary)) + "</pre>")
    path.write_text("<!doctype html><html><head><meta charset='utf-8'><title>" + html.escape(cfg.name)
                    + "</title><style>body{font-family:sans-serif;max-width:60em;margin:2em auto}</style>"
                    "</head><body>" + "\n".join(parts) + "</body></html>", encoding="utf-8")


def _json(x: Any) -> str:
    import json
    return json.dumps(x, indent=2, default=str)
