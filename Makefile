# Thin orchestration over the project's Python entry points. `make help` lists the targets.
SHELL := /bin/bash
VENV ?= .venv
PY := $(VENV)/bin/python
STACK ?= $(shell grep -s '^STACK=' .env | cut -d= -f2)
STACK := $(if $(STACK),$(STACK),embedded)
WORKERS ?= 2
# make test's workers: one more than the cores, so the CPU stays busy while a worker waits on its browser or on a
# subprocess (2 cores: the unit tests 5 min 15 s against 5 min 36 s with two, the task pass 4 min 22 s against
# 4 min 36 s)
TEST_WORKERS ?= $(shell echo $$(( $$(nproc 2>/dev/null || echo 2) + 1 )))
AGENT ?=
MODEL ?=
ARGS ?=
RESULTS ?=
BACKEND ?=

.PHONY: help install venv-agentlab test-bgym test-agentlab lock data up down status reset doctor eval test test-docker \
  test-grid test-unit test-tasks test-sighted test-reference test-null lint typecheck bench report verify \
  verify-manifest clean

# A target's help is its line's `## ` comment, or the `## ` lines just above it (a long one, wrapped).
help:           ## list the targets
	@awk '/^## / { doc = doc (doc == "" ? "" : " ") substr($$0, 4); next } \
	  /^[a-z-]+:/ { name = $$0; sub(/:.*/, "", name); text = $$0; \
	    if (sub(/^[^#]*## /, "", text) || (text = doc) != "") print name "\t" text } \
	  { doc = "" }' $(MAKEFILE_LIST)

## create .venv and install exactly the lock (requirements/lock.txt; EXTRAS= for the base lock, LOCK=none for unlocked
## ranges), Chromium, ChromeDriver, fonts, kiwix-tools, and generate the data set the task suites are written for
## (idempotent)
install:
	@$(if $(filter undefined,$(origin EXTRAS)),,EXTRAS='$(EXTRAS)') bash scripts/install.sh

## recompile the Python locks (requirements/lock*.txt: exact versions and hashes, with uv) from pyproject.toml and
## record the Debian packages; on purpose, then make test and commit
lock:
	@bash scripts/lock.sh

$(PY):
	@bash scripts/install.sh

data: install   ## generate the embedded sites' data (deterministic from SEED; SCALE=full for the official size)
	$(PY) -m sites data

up: install     ## start the sites in the background (STACK=embedded|docker|compose) and print their URLs
	$(PY) -m sites up --stack $(STACK)

down: install   ## stop what `make up` started
	$(PY) -m sites down --stack $(STACK)

status: install ## show which sites answer
	$(PY) -m sites status --stack $(STACK)

reset: install  ## restore every site to its pristine state
	$(PY) -m sites reset --stack $(STACK)

doctor: install ## check what the chosen stack needs (images, volumes, ports, data) and say what to run
	$(PY) -m sites doctor --stack $(STACK)

## run the benchmark (AGENT, MODEL, WORKERS, RESUME=results/<run>, SHARD=I/N, RETRIES, BACKEND=ray, ARGS="-k
## classifieds") and print the success table
eval: install
	$(PY) -m evaluation.run --stack $(STACK) $(if $(BACKEND),--backend $(BACKEND)) --workers $(WORKERS) \
	  $(if $(AGENT),--agent $(AGENT)) $(if $(MODEL),--model $(MODEL)) $(if $(RESULTS),--results $(RESULTS)) \
	  $(if $(RESUME),--resume $(RESUME)) $(if $(SHARD),--shard $(SHARD)) $(if $(RETRIES),--retries $(RETRIES)) \
	  -- $(ARGS)

## the project's tests, then the task suite's proofs (test-tasks): every task solved by sight with whole observations,
## on the reference solution's elements, and none solved by doing nothing
test: install venv-agentlab
	$(PY) -m pytest tests -n $(TEST_WORKERS) --dist loadgroup --no-loadscope-reorder -q -p no:cacheprovider \
	  --durations=15 $(ARGS)
	@$(MAKE) --no-print-directory test-tasks

## the embedded sites as containers on a real Docker engine (installs docker.io, starts an engine if none answers, makes
## a base image offline when no registry answers, builds vwa-arena:latest, compose up, both suites' reference episodes
## with one container SIGKILLed mid-run, down); timings in run/docker/timings.txt
test-docker: install
	@bash scripts/test_docker.sh

## the classifieds suite through a real local Selenium Grid 4 (Java, the server jar from npm, checked; a hub and two
## nodes of Debian's Chromium on 127.0.0.1), two workers, one node SIGKILLed mid-run, every task 1 and the same outcome
## as the local browser's run (results/test-tasks, else run here); timings in run/grid/timings.txt
test-grid: install
	@bash scripts/test_grid.sh

## AgentLab's own venv (run/venv-agentlab) from requirements/lock-agentlab.txt, the project in it without dependencies
## (agentlab 0.4.2 needs openai<2; idempotent)
venv-agentlab: install
	@bash scripts/venv_agentlab.sh

## the BrowserGym path in full: every classifieds reference solution replayed through BrowserGym's actions with its
## whole observation at every step (make test replays them with its raw page output), the paths' agreement, the AgentLab
## study
test-bgym: install
	VWA_BGYM_REPLAY=full $(PY) -m pytest tests/bgym -n $(TEST_WORKERS) --dist loadgroup -q -p no:cacheprovider \
	  --durations=10 $(ARGS)

## AgentLab's generic agent on 5 classifieds tasks through an AgentLab study, its model the local OpenAI stub
## (run/venv-agentlab)
test-agentlab: venv-agentlab
	run/venv-agentlab/bin/python -m evaluation.bgym.study --tasks 5 $(ARGS)

test-unit: install ## only the project's own tests (tests/)
	$(PY) -m pytest tests -n $(TEST_WORKERS) --dist loadgroup --no-loadscope-reorder -q $(ARGS)

## ruff over the project's code (also run by tests/test_lint.py in `make test`; settings in pyproject.toml)
lint:
	$(PY) -m ruff check agent evaluation sites tasks tests benchmarks scripts compose browsergym devtools
	$(PY) -m ruff format --check agent evaluation sites tasks tests benchmarks scripts compose browsergym devtools

## mypy over agent, evaluation, sites, tasks, benchmarks, scripts and tests (also run by tests/test_typecheck.py in
## `make test`; settings in pyproject.toml)
typecheck: install
	$(PY) -m mypy

## only the task suite's proofs, one sighted episode per task (--prove): the sighted agent scores 1 seeing whole
## observations, each element it finds is the one the reference solution names, and the null outcome on the untouched
## start page scores 0 (strict: officially an empty N/A answer goes to the judge)
test-tasks: install
	@if ls tasks/*.json >/dev/null 2>&1; then \
	  rm -rf results/test-tasks; \
	  $(PY) -m pytest tasks -n $(TEST_WORKERS) -q -p no:cacheprovider --agent sighted --prove \
	    --require-complete-observations --frames failed --results results/test-tasks \
	    && $(PY) -m evaluation.reporting.phases results/test-tasks; \
	else echo "test-tasks: no task files in tasks/ yet"; fi

test-sighted: install ## only the sighted agent over every task (solved from the marks' text and pixels alone)
	rm -rf results/test-sighted
	$(PY) -m pytest tasks -n $(TEST_WORKERS) -q -p no:cacheprovider --agent sighted \
	  --require-complete-observations --results results/test-sighted $(ARGS)

## only the reference agent over every task, in its own episodes on the accessibility tree (make verify runs it twice)
test-reference: install
	rm -rf results/test-reference
	$(PY) -m pytest tasks -n $(TEST_WORKERS) -q -p no:cacheprovider --agent reference \
	  --require-complete-observations --results results/test-reference $(ARGS)

test-null: install ## only the null agent over every task, in its own episodes: each must score 0 (strict)
	rm -rf results/test-null
	$(PY) -m pytest tasks -n $(TEST_WORKERS) -q -p no:cacheprovider --agent null --expect-reward 0 \
	  --scoring strict --results results/test-null $(ARGS)

bench: install  ## speed and scale measurements (p50/p95), printed
	$(PY) -m benchmarks $(ARGS)

## success table (report.md) and run report with charts (report.html) of a results folder: make report
## RESULTS=results/<run>
report: install
	$(PY) -m evaluation.report $(if $(RESULTS),$(RESULTS),results/latest)

## reproducibility: regenerate every site's data in a temp folder and compare with data-manifest.json, rebuild the task
## suites, run the reference agent twice (2 and 4 workers) and compare; prints a verdict (ARGS="--skip-runs" for the
## data only)
verify: install
	$(PY) -m evaluation.verify $(ARGS)

## rewrite data-manifest.json from freshly generated data (after a deliberate change of a generator, task or image)
verify-manifest: install
	$(PY) -m evaluation.verify --write-manifest

clean:          ## remove generated data, run folders and results (not .venv)
	rm -rf data run results .pytest_cache
