# Two entry points for people: `make run` (the bot) and `make test` (the suite).
# Both create ./.venv on first use and install the pinned requirements into it.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin

.PHONY: run test bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(VENV)/.runtime: requirements.txt | $(BIN)/python
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -r requirements.txt
	touch $@

$(VENV)/.dev: requirements.txt requirements-dev.txt | $(BIN)/python
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -r requirements-dev.txt
	touch $(VENV)/.runtime $@

run: $(VENV)/.runtime
	$(BIN)/python bot.py

test: $(VENV)/.dev
	$(BIN)/python -m pytest -q

bench: $(VENV)/.dev
	$(BIN)/python -m bench

clean:
	rm -rf $(VENV)
