# Everything a fresh clone needs: `make play` to play, `make test` to run every check.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
EXTRAS ?= dev,rl,ray,web,postgres,e2e,fast,train
# The training recipe's test needs PyTorch; its CPU build is enough (and far smaller than a GPU one).
TORCH ?= torch==2.13.0

.PHONY: play play-terminal test test-fast kernel system-deps lint typecheck unit unit-fast bench install install-dev clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e ".[web]"
	touch $@

$(VENV)/.installed-dev: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet "$(TORCH)"
	$(BIN)/python -m pip install --quiet -e ".[$(EXTRAS)]"
	touch $@

install: $(VENV)/.installed

install-dev: $(VENV)/.installed-dev

## Start the web table on http://127.0.0.1:8000 (play in the browser with friends and bots).
play: install
	$(BIN)/oneiros serve

## Play Lucidity in the terminal against three bots.
play-terminal: install
	$(BIN)/oneiros play lucidity

## Lint, type-check and run the whole test suite.
test: system-deps install-dev lint typecheck kernel unit

## Lint, type-check and run every test not marked slow, on all cores (no browser, Ray,
## durability or subprocess command-line tests; hypothesis's dev profile).
test-fast: install-dev lint typecheck unit-fast

## Debian's Chromium and PostgreSQL server for the browser and database tests (as root).
system-deps:
	@if [ "$$(id -u)" = 0 ]; then .ci/system-deps.sh; \
	else echo "not root: Chromium/PostgreSQL not installed; those tests skip if missing"; fi

lint: install-dev
	$(BIN)/ruff check src tests benchmarks examples
	$(BIN)/ruff format --check src tests benchmarks examples

typecheck: install-dev
	$(BIN)/mypy

# worksteal: a worker that runs out of tests takes some of another's (tests/ordering.py
# deals the files so that the workers end together)
# one pytest-xdist worker more than the cores: the browser, server and command tests spend
# much of their time waiting on other processes, which a third worker on 2 cores fills
# (a fourth measured no better on the shared 2-core machine, README.md)
WORKERS ?= $(shell nproc 2>/dev/null | awk '{n = $$1 + 1; print (n > 9 ? 9 : n)}' || echo 3)

unit: install-dev
	$(BIN)/python -m pytest -q -p no:cacheprovider -n $(WORKERS) --dist worksteal --durations=15

# the local loop: no slow tests, and hypothesis's dev profile (fewer examples than CI's)
unit-fast: install-dev
	HYPOTHESIS_PROFILE=dev $(BIN)/python -m pytest -q -p no:cacheprovider -m "not slow" -n auto --dist worksteal

## Compile the Lucidity playout kernel with numba once (cached on disk; a second or two after).
kernel: install-dev
	@echo "compiling the Lucidity playout kernel (minutes the first time, cached afterwards)"
	$(BIN)/python -c "from oneiros.games.lucidity import kernel; print('playout kernel:', kernel.compile_kernel())"

## Measure speed; writes docs/benchmarks.md.
bench: install-dev
	$(BIN)/oneiros bench

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis
