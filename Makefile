# Two entry points for people: `make run` (the bot) and `make test` (the suite).
# Both create ./.venv on first use and install the pinned requirements into it.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin

.PHONY: run test bench clean locales mo

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(VENV)/.runtime: requirements.txt | $(BIN)/python
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -r requirements.txt
	touch $@

$(VENV)/.dev: requirements.txt requirements-dev.txt | $(BIN)/python
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -r requirements-dev.txt
	touch $(VENV)/.runtime $@

run: $(VENV)/.runtime mo
	$(BIN)/python bot.py

test: $(VENV)/.dev
	$(BIN)/python -m pytest -q

bench: $(VENV)/.dev
	$(BIN)/python -m bench

# Message catalogues (README, "Languages"): `make locales` extracts every marked
# message from the source, merges it into each language's .po and compiles the
# .mo files; `make mo` only compiles.
LOCALE_DIR := locales
KEYWORDS   := -k P_:1c,2 -k board_words
POS        := $(wildcard $(LOCALE_DIR)/*/LC_MESSAGES/messages.po)

locales: $(VENV)/.runtime
	$(BIN)/pybabel extract -F babel.cfg $(KEYWORDS) --add-location=file --sort-by-file \
		-o $(LOCALE_DIR)/messages.pot .
	$(BIN)/pybabel update -i $(LOCALE_DIR)/messages.pot -d $(LOCALE_DIR) -D messages \
		--no-fuzzy-matching --ignore-obsolete
	$(BIN)/python -m cogs.catalogues fill-source
	$(MAKE) mo
	$(BIN)/python -m cogs.catalogues check

mo: $(POS:.po=.mo)

%.mo: %.po | $(VENV)/.runtime
	$(BIN)/pybabel compile -i $< -o $@

clean:
	rm -rf $(VENV)
