# Both main targets set up .venv on a fresh machine (only Python 3.11 and make needed).
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
READY := $(VENV)/.ready

.PHONY: books test bench clean

books: $(READY)
	$(PY) -m pipeline books
	$(PY) -m pipeline preflight --proofs

test: $(READY)
	$(PY) -m pytest -n auto

bench: $(READY)
	$(PY) -m pipeline bench

$(READY): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test]'
	touch $(READY)

clean:
	rm -rf build/*/ build/*.sqlite* build/*.json
