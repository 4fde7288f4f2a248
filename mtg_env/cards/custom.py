"""Effects that need code: each a function `(game, ctx, step, *args) -> Ask | None`, referred
to by name from `vocab.Custom` so that game states stay picklable."""
