from mtg_env.puzzle import read_puzzle, load_puzzle
from mtg_env.puzzle_search import solve
def pz(state, goal, targets, turns=1): return f"[metadata]\nName:T\nGoal:{goal}\nTargets:{targets}\nTurns:{turns}\n[state]\nactiveplayer=human\nactivephase=MAIN1\n{state}\n"
p = read_puzzle(pz("humanhand=Lightning Bolt\nhumanbattlefield=Mountain\naibattlefield=Shivan Dragon;Grizzly Bears", "Destroy Specified Creatures", "Creature.Bear+OppCtrl"))
r=solve(p, max_seconds=10); print(r.solved, r.line)
for f in ["INQ01","INQ02","PC_042815"]:
    try: load_puzzle(f"tests/puzzles/samples/{f}.pzl")
    except Exception as e: print(str(e)[:300])
