# Two commands for a new user: `make run` and `make test`. Both create or reuse .venv.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-$(shell cat pyproject.toml | cksum | cut -d' ' -f1)
DEMO_STAMP := $(VENV)/.demo-$(shell cat pyproject.toml | cksum | cut -d' ' -f1)

.PHONY: run test test-all lint bench sample demo screenshots clean

# The evaluation compiled with mypyc, rebuilt when a source of hadara/ changes (optional:
# without a C compiler the AI runs as Python; hadara/ai/native.py never uses a stale build).
NATIVE := hadara/ai/evaluation.native

$(STAMP): pyproject.toml
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	@$(BIN)/python -m pip install --quiet --upgrade pip
	@$(BIN)/python -m pip install --quiet -e '.[test]'
	@rm -f $(VENV)/.installed-*
	@touch $@

$(NATIVE): $(wildcard hadara/*.py hadara/*/*.py) $(STAMP)
	@$(BIN)/python tools/build_native.py

# `python -m bot` explains a setting to fix (exit 2: no token, a bad value) and no connection
# to Discord (exit 3) itself, on stderr: those end here without make's own error line.
run: $(STAMP) $(NATIVE)
	@echo "$(BIN)/python -m bot"
	@$(BIN)/python -m bot; status=$$?; [ $$status -eq 2 ] || [ $$status -eq 3 ] || exit $$status

# The demo extra (simcord's browser preview) has a stamp of its own.
$(DEMO_STAMP): $(STAMP)
	@$(BIN)/python -m pip install --quiet -e '.[demo]'
	@rm -f $(VENV)/.demo-*
	@touch $@

# The real bot against an offline Discord in your browser (prints the address); NAME=… is
# your name there (default Sam).
demo: $(DEMO_STAMP) $(NATIVE)
	$(BIN)/python -m devtools.demo $(if $(NAME),--name "$(NAME)")

# PNGs of a scripted game as a player sees it (needs chromium: sudo apt-get install chromium);
# LOCALE=fr or LOCALE=ja plays it in French or Japanese (out/screenshots-fr, -ja).
LOCALE ?= en
screenshots: $(DEMO_STAMP)
	$(BIN)/python -m devtools.screenshots --locale $(LOCALE)

# The tests on every core (pytest-xdist; work stealing: a worker that runs out takes tests
# from a busy one). WORKERS=0: one process, as pytest alone runs them.
WORKERS ?= auto
PYTEST := $(BIN)/python -m pytest -n $(WORKERS) --dist worksteal

test: $(STAMP) $(NATIVE)
	$(BIN)/ruff check .
	$(BIN)/mypy
	$(BIN)/lint-imports --no-cache
	$(PYTEST)

test-all: $(STAMP) $(NATIVE)
	$(PYTEST) -m ''

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/mypy
	$(BIN)/lint-imports --no-cache

bench: $(STAMP) $(NATIVE)
	$(BIN)/python bench/engine.py
	$(BIN)/python bench/render.py
	$(BIN)/python bench/ai.py

sample: $(STAMP)
	$(BIN)/python -m rendering sample --players 2 --seed 1 --out out/2p
	$(BIN)/python -m rendering sample --players 5 --seed 3 --out out/5p

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .hypothesis $(NATIVE) hadara/ai/evaluation*.so
