# Two entry points: `make serve` (site on http://127.0.0.1:8000; `make serve PORT=8001`)
# and `make test` (everything; pytest in parallel with `-n auto`: `pytest -p no:xdist` runs
# the tests in one process; with CI set, axe checks every page and the full rule coverage runs).
VENV ?= .venv
PORT ?= 8000
PYTHON ?= python3
export DISABLE_MKDOCS_2_WARNING := true
export NO_MKDOCS_2_WARNING := 1
# Python may keep compiled modules (__pycache__, ignored by git): where the environment forbids
# it (PYTHONDONTWRITEBYTECODE, set on this project's work machines), every process of a test run compiled
# every module it imports again and pytest rewrote every test module's asserts in each worker.
unexport PYTHONDONTWRITEBYTECODE

.PHONY: serve build test lint check bench

# The packages come from PyPI through uv (itself from PyPI): a fresh .venv in about a sixth
# of pip's time (scripts/bench/bench_tests.py --venv measures both). --compile-bytecode: the
# libraries are compiled once, at the install, not in every process that imports them.
# The environment is made without pip (0.1 s instead of 3 s: ensurepip unpacks pip into
# it) and uv is put into it by Python's own pip (`pip --python`, pip 22.3 or newer); where
# Python has no such pip, the environment gets its own pip, which installs uv. Inside it,
# install with uv: `.venv/bin/uv pip install …`.
define make-venv
	$(PYTHON) -m venv --without-pip $(VENV)
	$(PYTHON) -m pip --python $(VENV)/bin/python install -q uv==0.13.9 2>/dev/null || \
	  { $(PYTHON) -m venv $(VENV) && $(VENV)/bin/pip install -q uv==0.13.9; }
endef

$(VENV)/.docs-installed: pyproject.toml
	$(make-venv)
	$(VENV)/bin/uv pip install -q --compile-bytecode -p $(VENV)/bin/python -e '.[docs]'
	touch $@

$(VENV)/.test-installed: pyproject.toml
	$(make-venv)
	$(VENV)/bin/uv pip install -q --compile-bytecode -p $(VENV)/bin/python -e '.[docs,test]'
	touch $@ $(VENV)/.docs-installed

serve: $(VENV)/.docs-installed
	@$(VENV)/bin/python scripts/serve.py --check "$(PORT)"
	@bash scripts/system-deps.sh cairo weasyprint npm
	$(VENV)/bin/python scripts/serve.py "$(PORT)" --dirty

build: $(VENV)/.docs-installed
	bash scripts/system-deps.sh cairo weasyprint npm
	$(VENV)/bin/mkdocs build --strict

lint: $(VENV)/.test-installed
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .

# mypy --strict runs inside pytest (tests/project/test_mypy.py), first, overlapping the other tests;
# the 20 slowest tests are listed at the end (each slower than 10 s says why in its docstring).
# --maxschedchunk 1: a worker is handed one test at a time, so no worker holds a queue of
# long browser tests while the other has run out (with xdist's default chunks one worker
# idled for the last 32 s of 541).
# On a fresh machine the Debian packages (apt-get: mostly unpacking; 20–30 s for Chromium and
# the rest) are installed while the virtual environment is made and the first tests run: the
# engine, tool and project tests need none of them and go first; every other test, and the
# site build, waits for the exit code system-deps.sh leaves in $TAFL_SYSTEM_DEPS (a failure
# fails them with its message; tests/conftest.py). `make test` fails when system-deps.sh does.
# Where sudo would ask for a password, the script runs first, on its own, so its question is
# not lost among the tests' output.
SYSTEM_DEPS = cairo chromium weasyprint poppler npm
test:
	@deps=$$(mktemp -d); trap 'rm -rf "$$deps"' EXIT; \
	if [ "$$(id -u)" = 0 ] || sudo -n true 2>/dev/null; then \
	  { bash scripts/system-deps.sh $(SYSTEM_DEPS); \
	    echo $$? > "$$deps/status.tmp"; mv "$$deps/status.tmp" "$$deps/status"; } & \
	else \
	  bash scripts/system-deps.sh $(SYSTEM_DEPS); echo $$? > "$$deps/status"; \
	fi; \
	$(MAKE) --no-print-directory $(VENV)/.test-installed \
	&& echo "$(VENV)/bin/ruff check . && $(VENV)/bin/ruff format --check ." \
	&& $(VENV)/bin/ruff check . && $(VENV)/bin/ruff format --check . \
	&& echo "$(VENV)/bin/pytest -n auto --maxschedchunk 1 --durations=20" \
	&& TAFL_SYSTEM_DEPS="$$deps/status" $(VENV)/bin/pytest -n auto --maxschedchunk 1 --durations=20; \
	code=$$?; wait; apt=$$(cat "$$deps/status" 2>/dev/null || echo 1); \
	if [ "$$apt" != 0 ]; then echo "make test: scripts/system-deps.sh endete mit Exit-Code $$apt" >&2; exit 1; fi; \
	exit $$code

check: $(VENV)/.docs-installed
	$(VENV)/bin/tafl check docs

bench: $(VENV)/.docs-installed
	$(VENV)/bin/python scripts/bench/bench.py --peer
