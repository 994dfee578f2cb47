# The two commands of the README: `make play` and `make test`.
# Both bootstrap their own virtualenv in .venv from the project's files only.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
SUM := $(shell cat pyproject.toml | cksum | cut -d' ' -f1)
# Two stamps: playing installs only what playing needs; testing adds the dev tools and the
# `rl` extra (NumPy, Gymnasium, PettingZoo, OpenSpiel), whose adapters `make test` checks,
# the `ray` extra (the `--backend ray` test starts a small local Ray), `parquet` (pyarrow) for
# the Parquet results files and `lab` (matplotlib) for `solotable report`.
PLAY_STAMP := $(VENV)/.installed-play-$(SUM)
STAMP := $(VENV)/.installed-test-$(SUM)
FLOORS_VENV := .venv-floors

.PHONY: play terminal test lint typecheck unit bench screenshots clean test-floors mutation words compiled diagram dist site

# The web table's address; `make play PORT=9000` picks another port.
PORT ?= 8765

$(PLAY_STAMP): pyproject.toml
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[fast]'
	@rm -f $(VENV)/.installed-play-*
	@touch $@

$(STAMP): pyproject.toml
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev,rl,ray,parquet,lab,fast]'
	@rm -f $(VENV)/.installed-test-*
	@touch $@

# The rules of Divercité, Mini DiverCity and 51st State and the core's generator compiled with
# mypyc from the same sources (docs/benchmarks.md, issue 23): rebuilt when a source changed,
# nothing to do otherwise; without a C compiler a "skipped" line says so and the sources run
# (solotable.accel never runs a stale build).
compiled:
	$(BIN)/python tools/compile_rules.py

# `play` and `terminal` do not wait for that build: it runs in the background (niced, its
# output in build/compile-rules.log, put in place whole when done) while the game starts from
# the sources; the next start runs the compiled rules.
play: $(PLAY_STAMP)
	@$(BIN)/python tools/compile_rules.py --background
	@echo "solotable web table: http://127.0.0.1:$(PORT)/  (Ctrl-C stops it; 'make terminal' plays in the terminal)"
	$(BIN)/solotable serve --port $(PORT)

terminal: $(PLAY_STAMP)
	@$(BIN)/python tools/compile_rules.py --background
	$(BIN)/solotable play

# Two wheels in dist/ (tools/build_dist.py): solotable-<v>-py3-none-any.whl, the sources, and
# solotable-<v>-cp3XX-cp3XX-<platform>.whl with the compiled rules for this Python and platform.
dist: $(if $(wildcard $(STAMP)),$(STAMP),$(PLAY_STAMP))
	$(BIN)/python tools/build_dist.py

# The browser build (docs/browser.md): dist/site/, a static site running the table on Pyodide
# (its runtime from the npm registry, the wheels from PyPI, vendored: nothing from a CDN).
# Host it with any static server, e.g. `python3 -m http.server -d dist/site`.
site: $(if $(wildcard $(STAMP)),$(STAMP),$(PLAY_STAMP))
	$(BIN)/python tools/build_site.py

lint: $(STAMP)
	$(BIN)/ruff check src tests bench examples tools
	$(BIN)/ruff format --check src tests bench examples tools

typecheck: $(STAMP)
	$(BIN)/mypy

# Browser tests share one xdist group (one Chromium at a time). Hypothesis runs its
# derandomized `ci` profile (tests/conftest.py): the same examples on every run.
unit: $(STAMP) compiled
	$(BIN)/pytest -n 2 --dist loadgroup --hypothesis-profile=ci

# Re-take the README's screenshots of the web table (needs chromium).
screenshots: $(STAMP)
	SOLOTABLE_SCREENSHOTS=docs/screenshots $(BIN)/pytest tests/web/test_browser*.py

# lint, typecheck and the compiled rules' build each keep one core busy: two at a time.
test: $(STAMP)
	@$(MAKE) --no-print-directory -j2 --output-sync=target lint typecheck compiled
	@$(MAKE) --no-print-directory unit

# Bring the message catalogs in step with the source (new messages arrive untranslated;
# `pytest tests/words` says what is missing). See docs/words.md.
words: $(STAMP)
	$(BIN)/python -m solotable.words.tools update

# docs/architecture.svg: the packages in layers, drawn from the import graph (tools/layers.py;
# tests/test_layers.py fails while the committed picture is not today's).
diagram: $(STAMP)
	$(BIN)/python tools/layers.py

bench: $(STAMP) compiled
	for b in bench/*.py; do $(BIN)/python $$b; done

# The declared dependency floors, tested: a separate venv with exactly the lowest versions
# pyproject.toml allows (.ci/floors.py), then the tests that exercise them (CLI, web, adapters).
test-floors:
	@test -x $(FLOORS_VENV)/bin/python || $(PYTHON) -m venv $(FLOORS_VENV)
	$(FLOORS_VENV)/bin/python -m pip install --quiet --upgrade pip
	$(PYTHON) .ci/floors.py rl lab parquet > $(FLOORS_VENV)/floors.txt
	$(FLOORS_VENV)/bin/python -m pip install --quiet -c $(FLOORS_VENV)/floors.txt -e '.[dev,rl,lab,parquet]'
	SOLOTABLE_SKIP_CONTEXT=floors $(FLOORS_VENV)/bin/pytest -n 2 --hypothesis-profile=ci \
		tests/cli tests/core tests/session tests/sim tests/stats tests/envs tests/web/test_api.py

# Mutation testing (docs/mutation.md), not part of `make test`: all scopes take up to an
# hour on 2 cores. `make mutation GAME=dice_miner` runs one game (SCOPE=core: the core's
# scoring of results and records).
MUTATION_STAMP := $(VENV)/.installed-mutation-$(SUM)
$(MUTATION_STAMP): $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[dev,rl,ray,parquet,lab,mutation]'
	@rm -f $(VENV)/.installed-mutation-*
	@touch $@

mutation: $(MUTATION_STAMP)
	SOLOTABLE_PURE=1 nice -n 10 $(BIN)/python tools/mutation.py $(GAME) $(SCOPE)

clean:
	test ! -x $(BIN)/python || $(BIN)/python tools/compile_rules.py --clean
	rm -rf $(VENV) $(FLOORS_VENV) .mypy_cache .pytest_cache .ruff_cache build dist/solotable-*.whl
