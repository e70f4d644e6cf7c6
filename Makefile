# Two entry points for a fresh clone: `make run` starts Tally (`make run PORT=8080` for another
# port), `make test` runs every test.
# Both create the virtual environment in .venv on first use and re-install when
# pyproject.toml changes.

VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
PYTHON ?= python3
PORT ?= 8000

.PHONY: run test lint

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e ".[dev]"
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/tally serve --port $(PORT)

# The suite runs in parallel (pytest-xdist): each worker has a database of its own, cloned
# from one the migrations built (tests/support/databases.py). A test file's tests stay on one
# worker (loadfile), so a module's served stack or browser is started once. One worker per
# core (on two cores a third measured no faster); `make test TEST_WORKERS=3` sets the count,
# `TEST_WORKERS=0` runs serially.
TEST_WORKERS ?= auto

test: $(STAMP)
	bash scripts/ensure-chromium
	$(BIN)/pytest -q -n $(TEST_WORKERS) --dist loadfile --durations=20

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/lint-imports
