# Two entry points for people: `make run` (the bot) and `make test` (the suite).
# Both create ./.venv on first use and install the hash-locked requirements into
# it (requirements.lock, requirements-dev.lock: generated from pyproject.toml by
# `make lock`; pip refuses any file whose hash differs from the lock's), then
# the project itself, editable: its install declares the games it holds (the
# `gamehost.games` entry points of pyproject.toml), and the bot finds its games
# by those, as it finds any game installed beside it.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
PIP    := $(BIN)/python -m pip install --quiet --disable-pip-version-check --require-hashes
# the project, built by the locked setuptools with no download
# (--no-build-isolation)
INSTALL := $(BIN)/python -m pip install --quiet --disable-pip-version-check --no-deps \
           --no-build-isolation --no-index
# how `make lock` resolves: every platform at once, for the Python the project runs on
LOCK   := $(BIN)/uv pip compile pyproject.toml --universal --python-version 3.11 \
          --generate-hashes --custom-compile-command "make lock" --quiet

.PHONY: run test test-fast lint lock bench clean locales mo playground browser

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(VENV)/.runtime: requirements.lock pyproject.toml | $(BIN)/python
	$(PIP) -r requirements.lock
	$(INSTALL) -e .
	touch $@

$(VENV)/.dev: requirements.lock requirements-dev.lock pyproject.toml | $(BIN)/python
	$(PIP) -r requirements-dev.lock
	$(INSTALL) -e .
	touch $(VENV)/.runtime $@

run: $(VENV)/.runtime mo
	$(BIN)/python bot.py

# Try the bot in a browser without a Discord application: the real bot against
# the fake Discord (playground/), on http://127.0.0.1:8033 (PLAYGROUND_PORT).
PLAYGROUND_PORT ?= 8033
playground: $(VENV)/.runtime mo
	$(BIN)/python -m playground --port $(PLAYGROUND_PORT)

# Debian's Chromium, which the playground's browser test drives with Playwright
# (tests/playground/test_browser.py; Playwright's own browser downloads are never
# used), and Debian's emoji font, so its screenshots show the bot's emoji
EMOJI_FONT := /usr/share/fonts/truetype/noto/NotoColorEmoji.ttf
browser:
	@test -x /usr/bin/chromium -a -f $(EMOJI_FONT) || { \
		SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
		$$SUDO apt-get update -q && $$SUDO env DEBIAN_FRONTEND=noninteractive \
			apt-get install -y -q chromium fonts-noto-color-emoji; }

# the whole suite, as CI runs it
test: $(VENV)/.dev
	$(BIN)/python -m pytest -q

# everything but the tests marked slow (the contract playouts): for development
test-fast: $(VENV)/.dev
	$(BIN)/python -m pytest -q -m "not slow"

# lint, format, types and the architecture (import cycles and layers:
# [tool.importlinter] in pyproject.toml); all four run, and any finding fails. The whole tree
# by default; `make lint LINT_PATHS="rules bench tests/rules bot.py"` checks a
# part (mypy then still reads what those paths import, but reports only them).
LINT_PATHS ?= .
lint: $(VENV)/.dev
	@status=0; \
	$(BIN)/ruff check $(LINT_PATHS) || status=1; \
	$(BIN)/ruff format --check --output-format concise $(LINT_PATHS) || status=1; \
	$(BIN)/mypy $(if $(filter-out .,$(LINT_PATHS)),--follow-imports=silent $(LINT_PATHS)) \
		|| status=1; \
	$(BIN)/lint-imports --no-cache || status=1; \
	exit $$status

# Regenerate both locks from pyproject.toml. Versions already locked are kept
# unless pyproject.toml asks otherwise; the dev lock takes the runtime lock's.
lock: $(VENV)/.dev
	$(LOCK) -o requirements.lock
	$(LOCK) --extra dev -c requirements.lock -o requirements-dev.lock

bench: $(VENV)/.dev
	$(BIN)/python -m bench

# Message catalogues (README, "Languages"): `make locales` extracts every marked
# message from the source, merges it into each language's .po (the shared ones
# under locales/, each game's own in its package's locales/) and compiles the
# .mo files; `make mo` only compiles.
LOCALE_DIR := locales
KEYWORDS   := -k P_:1c,2 -k board_words -k board_plural:1,2
POS        := $(wildcard $(LOCALE_DIR)/*/LC_MESSAGES/messages.po)

locales: $(VENV)/.runtime
	$(BIN)/pybabel extract -F babel.cfg $(KEYWORDS) --add-location=file --sort-by-file \
		-o $(LOCALE_DIR)/messages.pot .
	$(BIN)/pybabel update -i $(LOCALE_DIR)/messages.pot -d $(LOCALE_DIR) -D messages \
		--no-fuzzy-matching --ignore-obsolete
	$(BIN)/python -m cogs.catalogues fill-source
	$(BIN)/python -m cogs.catalogues update-games
	$(MAKE) mo
	$(BIN)/python -m cogs.catalogues check

mo: $(POS:.po=.mo)

%.mo: %.po | $(VENV)/.runtime
	$(BIN)/pybabel compile -i $< -o $@

clean:
	rm -rf $(VENV)
