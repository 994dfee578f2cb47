# The two commands of the README: `make play` and `make test`.
# Both bootstrap their own virtualenv in .venv from the project's files only.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-$(shell cat pyproject.toml | cksum | cut -d' ' -f1)

.PHONY: play terminal test lint typecheck unit bench screenshots clean

# The web table's address; `make play PORT=9000` picks another port.
PORT ?= 8765

$(STAMP): pyproject.toml
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	@rm -f $(VENV)/.installed-*
	@touch $@

play: $(STAMP)
	@echo "solotable web table: http://127.0.0.1:$(PORT)/  (Ctrl-C stops it; 'make terminal' plays in the terminal)"
	$(BIN)/solotable serve --port $(PORT)

terminal: $(STAMP)
	$(BIN)/solotable play

lint: $(STAMP)
	$(BIN)/ruff check src tests bench
	$(BIN)/ruff format --check src tests bench

typecheck: $(STAMP)
	$(BIN)/mypy

# Browser tests share one xdist group (one Chromium at a time).
unit: $(STAMP)
	$(BIN)/pytest -n 2 --dist loadgroup

# Re-take the README's screenshots of the web table (needs chromium).
screenshots: $(STAMP)
	SOLOTABLE_SCREENSHOTS=docs/screenshots $(BIN)/pytest tests/web/test_browser*.py

test: lint typecheck unit

bench: $(STAMP)
	for b in bench/*.py; do $(BIN)/python $$b; done

clean:
	rm -rf $(VENV) .mypy_cache .pytest_cache .ruff_cache
