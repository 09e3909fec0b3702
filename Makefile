# Two commands on a fresh machine: `make lab` and `make test`. Everything installs into .venv.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-stamp
START := notebooks/00_start.ipynb

.PHONY: install lab test lint format app bench coverage golden notebooks binder-check constraints clean site serve-site test-site site-survey

$(STAMP): pyproject.toml constraints.txt
	@$(PY) -c 'import sys; assert sys.version_info >= (3, 11), "trogkit needs Python 3.11+ (found %s)" % sys.version.split()[0]'
	$(PY) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -c constraints.txt -e '.[lab,test,scale]'
	$(BIN)/python -m ipykernel install --sys-prefix --name python3 --display-name "Python 3 (trogkit)" >/dev/null
	touch $(STAMP)

install: $(STAMP)

# Lab at the repository root on the start notebook; no news pop-up (jupyter/overrides.json, into
# the venv's Lab settings); --allow-root when run as root (Docker, dev containers).
lab: install
	install -D -m 644 jupyter/overrides.json $(VENV)/share/jupyter/lab/settings/overrides.json
	$(BIN)/jupyter lab --ServerApp.root_dir=. $$([ "$$(id -u)" = 0 ] && echo --allow-root) $(if $(wildcard $(START)),$(START),)

# Voila app: the instructor's scenario editor for every game (boards/instructor.py) and its
# presenter (boards/presenter.py), served from notebooks/ with the kit's template
# (jupyter/voila/templates/trogkit: no CDN, the icons come from Voila's own bundle).
app: install
	@echo "open http://localhost:8866/voila/render/instructor.ipynb"
	JUPYTER_PATH=$(CURDIR)/jupyter $(BIN)/voila notebooks --template=trogkit --no-browser

lint: install
	$(BIN)/ruff check conftest.py rulebook drawings solvers boards trogkit tests benchmarks scripts
	$(BIN)/ruff format --check conftest.py rulebook drawings solvers boards trogkit tests benchmarks scripts

format: install
	$(BIN)/ruff check --fix conftest.py rulebook drawings solvers boards trogkit tests benchmarks scripts
	$(BIN)/ruff format conftest.py rulebook drawings solvers boards trogkit tests benchmarks scripts

# TROGKIT_BINDER_CHECK=1: also install binder/requirements.txt into a fresh venv (about a minute).
# -n: one pytest-xdist worker per core this process may use (TEST_WORKERS=1 for one); a notebook,
# or the browser tests of one server, stay on one worker (conftest.py).
TEST_WORKERS ?= $(shell $(PY) -c 'import os; print(len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1)')
test: install lint
	TROGKIT_BINDER_CHECK=1 $(BIN)/python -m pytest -q -p no:cacheprovider -n $(TEST_WORKERS) --ignore=tests/site

binder-check: install
	TROGKIT_BINDER_CHECK=1 $(BIN)/python -m pytest -q -p no:cacheprovider tests/test_binder.py

# Benchmarks print figures (nothing asserted); the bench extra brings the OpenSpiel reference.
bench: install
	$(BIN)/python -m pip install -q -c constraints.txt -e '.[bench]'
	$(BIN)/python -m benchmarks.run

coverage: install
	$(BIN)/python -m scripts.coverage

# Regenerate the golden playthroughs of every game (review the diff, then commit).
golden: install
	$(BIN)/python -m scripts.golden

# Re-execute every notebook in place so the saved outputs match the code.
notebooks: install
	$(BIN)/python -m scripts.run_notebooks

# Rewrite constraints.txt from the current .venv (after changing a dependency; review the diff).
constraints: install
	{ sed -n '1,3p' constraints.txt; $(BIN)/python -m pip list --format=freeze --exclude-editable | grep -v '^trogkit' | grep -viE '^(pip|setuptools|wheel)==' | sort -f; } > constraints.txt.new
	mv constraints.txt.new constraints.txt

# The lessons as a static JupyterLite site in site/ (no install, no server: any static host). Pins
# in lite/; downloads cached in ~/.cache/trogkit-site (TROGKIT_SITE_CACHE). scripts/site.py.
site: install
	$(BIN)/python -m scripts.site build

# Serve site/ on http://127.0.0.1:8000/ (SITE_PORT=...); nothing else is needed to use it.
SITE_PORT ?= 8000
serve-site:
	$(PY) -m scripts.site serve --port $(SITE_PORT)

# The site in Chromium (tests/site): built (downloads cached), served on 127.0.0.1, one lesson of
# every game and the instructor app run with every other host blocked. .ci/run calls it.
test-site: install
	$(BIN)/python -m pytest -q -p no:cacheprovider tests/site

# Every notebook of the built site in Chromium: cells passed per notebook, times, first error.
site-survey: install
	$(BIN)/python -m scripts.site_survey

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache build *.egg-info
