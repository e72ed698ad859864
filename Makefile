# Two entry points: `make serve` (site on http://127.0.0.1:8000) and `make test` (everything).
VENV ?= .venv
PYTHON ?= python3
export DISABLE_MKDOCS_2_WARNING := true
export NO_MKDOCS_2_WARNING := 1

.PHONY: serve build test lint check bench

$(VENV)/.docs-installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(VENV)/bin/pip install -q --upgrade pip
	$(VENV)/bin/pip install -q -e '.[docs]'
	touch $@

$(VENV)/.test-installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(VENV)/bin/pip install -q --upgrade pip
	$(VENV)/bin/pip install -q -e '.[docs,test]'
	touch $@ $(VENV)/.docs-installed

serve: $(VENV)/.docs-installed
	bash scripts/system-deps.sh cairo npm
	$(VENV)/bin/mkdocs serve -a 127.0.0.1:8000

build: $(VENV)/.docs-installed
	bash scripts/system-deps.sh cairo npm
	$(VENV)/bin/mkdocs build --strict

lint: $(VENV)/.test-installed
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .

test: $(VENV)/.test-installed
	bash scripts/system-deps.sh cairo chromium npm
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/pytest

check: $(VENV)/.docs-installed
	$(VENV)/bin/tafl check docs

bench: $(VENV)/.docs-installed
	$(VENV)/bin/python scripts/bench.py --peer
