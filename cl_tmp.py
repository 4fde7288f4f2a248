import timeit, random
from mtg_env.bench import midgame_board
g = midgame_board()
print("log", len(g.log), "objects", len(g.objects), "bf", len(g.battlefield))
n=3000
def t(f, label):
    s=timeit.timeit(f, number=n)/n*1e6; print(f"{label:20s} {s:6.2f} us")
t(g.clone, "clone")
t(lambda: [p.copy() for p in g.players], "players")
t(lambda: g.objects.copy(), "objects")
t(lambda: g.log[:], "log")
def rng():
    r = random.Random.__new__(random.Random); r.setstate(g.rng.getstate())
t(rng, "rng")
t(lambda: g.effects.copy(), "effects")
t(lambda: g.stats.copy(), "stats")
t(lambda: g.turn_state.copy(), "turn_state")
t(lambda: g.combat.copy(), "combat")
t(lambda: [s.clone() for s in g.stack], "stack")
t(lambda: [x.clone() for x in g.tasks], "tasks")
t(lambda: g.commander.copy(), "commander")
t(lambda: g.lki.copy(), "lki")
def dd():
    h = type(g).__new__(type(g)); h.__dict__.update(g.__dict__)
t(dd, "dict update")
print(len(g.__dict__))
d = {i: object() for i in range(120)}
t(lambda: d.copy(), "ref dict120 copy")
t(lambda: g.objects.copy(), "objects again")
print(type(g.objects))
