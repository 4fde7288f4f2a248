# Two commands for a fresh machine with only Python 3.11: `make run` and `make test`.
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: run test lint bench clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[test,rl]'
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/mtg-env run

test: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/mypy
	$(BIN)/pytest

bench: $(STAMP)
	$(BIN)/mtg-env bench

clean:
	rm -rf $(VENV) build *.egg-info
