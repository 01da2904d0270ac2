# Both main targets set up .venv on a fresh machine (only Python 3.11 and make needed).
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
READY := $(VENV)/.ready

.PHONY: books test bench catalogs clean

books: $(READY)
	$(PY) -m pipeline books
	$(PY) -m pipeline preflight --proofs

test: $(READY)
	$(PY) -m pytest -n auto

bench: $(READY)
	$(PY) -m pipeline bench

# Every folder's catalogs refreshed from its code (docs/languages.md, "Translating"): its
# messages extracted into build/locale/<folder>.pot by the mapping pipeline/babel.cfg, then
# merged into each language's .po. PYTHONPATH: the mapping's texts.toml method is this tree's.
catalogs: $(READY)
	mkdir -p build/locale
	for locale in pipeline/*/locale; do \
	  folder=$$(dirname $$locale); name=$$(basename $$folder); \
	  PYTHONPATH=. $(VENV)/bin/pybabel -q extract -F pipeline/babel.cfg -k NN_:1,2 \
	    -o build/locale/$$name.pot $$folder && \
	  PYTHONPATH=. $(VENV)/bin/pybabel -q update -i build/locale/$$name.pot -d $$locale \
	    || exit 1; \
	done

$(READY): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test]'
	touch $(READY)

clean:
	rm -rf build/*/ build/*.sqlite* build/*.json
