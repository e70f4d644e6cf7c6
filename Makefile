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

test: $(STAMP)
	bash scripts/ensure-chromium
	$(BIN)/pytest -q

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/lint-imports
