# Scrollhammer Rules. `make serve` and `make test` set everything up on a fresh Debian
# machine with Python 3.11+ and Node 20; the other targets are the steps they use.

PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
CHROMIUM := /usr/bin/chromium
HOST ?= 127.0.0.1
PORT ?= 8000
# The address the site is built for (its cards' og:url and og:image, the sitemap): where
# `make serve` serves it unless SITE_URL names the host it will live at.
SITE_URL ?= http://$(HOST):$(PORT)/
export SITE_URL
export NO_MKDOCS_2_WARNING := 1

.PHONY: all setup fonts serve dev build test test-unit test-fast lint types icons bench bench-changes bench-ab bench-start bench-cores bench-lighthouse bench-engines bench-engines-ab bench-scale mutants chromium engines servers wiki parser-tests sync pages finish zensical clean lock-python

all: build

## setup: the Python venv (pinned by requirements.lock), the npm packages (package-lock.json),
## the fonts the rule cards' images and the printed book are drawn in, and Pango, which typesets the book
setup: $(STAMP) node_modules/.package-lock.json fonts

$(STAMP): requirements.lock pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --require-hashes -r requirements.lock
	$(PY) -m pip install --quiet --no-deps --no-build-isolation -e .
	touch $@

node_modules/.package-lock.json: package.json package-lock.json
	npm ci --no-audit --no-fund

## fonts: Debian's DejaVu fonts, which build_scripts/cards/card_image.py draws the rule cards in and
## the printed book (print/*.pdf) is set in, and Pango, the library WeasyPrint typesets it with
CARD_FONT := /usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf
PRINT_FONT := /usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf
fonts:
	@{ test -f $(CARD_FONT) && test -f $(PRINT_FONT) && /sbin/ldconfig -p | grep -q libpangoft2-1.0.so.0; } || \
	  { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
	    fonts-dejavu-core libpango-1.0-0 libpangoft2-1.0-0; }

## chromium: Debian's Chromium, which Playwright drives (it cannot download browsers here)
chromium:
	@test -x $(CHROMIUM) || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium; }

## engines: the other engines a phone runs, from Debian: WebKitGTK's MiniBrowser with its
## WebDriver (webkit2gtk-driver), the virtual screen it needs (xvfb) and Firefox ESR
ENGINES := /usr/bin/WebKitWebDriver /usr/bin/Xvfb /usr/bin/firefox-esr
engines:
	@missing=""; for f in $(ENGINES); do test -x $$f || missing=1; done; \
	if [ -n "$$missing" ]; then \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
	    webkit2gtk-driver xvfb firefox-esr; \
	fi

## servers: Debian's nginx (with the brotli static module) and Caddy, which the tests run with
## the deploy/ recipes; openssl and curl for their TLS checks. The packages' own services are
## not started (policy-rc.d refuses them while they install): the tests start their own.
SERVERS := nginx caddy openssl curl
servers:
	@missing=""; for p in $(SERVERS); do command -v $$p >/dev/null || missing=1; done; \
	test -f /etc/nginx/modules-enabled/50-mod-http-brotli-static.conf || missing=1; \
	if [ -n "$$missing" ]; then \
	  own=""; if [ ! -e /usr/sbin/policy-rc.d ]; then printf '#!/bin/sh\nexit 101\n' > /usr/sbin/policy-rc.d; chmod +x /usr/sbin/policy-rc.d; own=1; fi; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
	    nginx libnginx-mod-http-brotli-static caddy openssl curl ca-certificates; status=$$?; \
	  if [ -n "$$own" ]; then rm -f /usr/sbin/policy-rc.d; fi; exit $$status; \
	fi

## wiki: Debian's MediaWiki 1.39 with PHP and SQLite (and PHP's CGI, so that apt does not pull
## in Apache; PHP's GD, with which the wiki scales images), which the sync's tests install on
## loopback (tests/support/wiki.py)
MEDIAWIKI := /usr/share/mediawiki/maintenance/install.php
wiki:
	@if [ ! -f $(MEDIAWIKI) ] || ! php -m 2>/dev/null | grep -q pdo_sqlite || ! php -m | grep -qx gd; then \
	  own=""; if [ ! -e /usr/sbin/policy-rc.d ]; then printf '#!/bin/sh\nexit 101\n' > /usr/sbin/policy-rc.d; chmod +x /usr/sbin/policy-rc.d; own=1; fi; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
	    mediawiki php-sqlite3 php-cli php-cgi php-gd; status=$$?; \
	  if [ -n "$$own" ]; then rm -f /usr/sbin/policy-rc.d; fi; exit $$status; \
	fi

## parser-tests: MediaWiki's own parser tests (GPL: never in this repository), taken from the npm
## registry's parsoid package (pinned, its integrity checked) into build/parser-tests/, for the
## wikitext corpus (tests/sync/test_wiki_corpus.py)
PARSOID := parsoid@0.11.1
PARSOID_INTEGRITY := sha512-t29ujC7jgKzuA25yXritkuF/rFGduN08c2CLOeSAjlKAzc/BUamZgvPWFqU/UVSRubnMYawJIQDX3m/RqKz7Xw==
PARSER_TESTS := build/parser-tests/parserTests.txt build/parser-tests/citeParserTests.txt
parser-tests: $(PARSER_TESTS)
$(PARSER_TESTS):
	@mkdir -p build/parser-tests
	@cd build/parser-tests && tarball=$$(npm pack $(PARSOID) --silent) && \
	  sum=$$(python3 -c 'import base64, hashlib, sys; print("sha512-" + base64.b64encode(hashlib.sha512(open(sys.argv[1], "rb").read()).digest()).decode())' $$tarball) && \
	  if [ "$$sum" != "$(PARSOID_INTEGRITY)" ]; then echo "parser-tests: $$tarball is not the pinned $(PARSOID) ($$sum)" >&2; rm -f $$tarball; exit 1; fi && \
	  tar xzf $$tarball --strip-components=2 package/tests/parserTests.txt package/tests/citeParserTests.txt && \
	  touch parserTests.txt citeParserTests.txt && rm -f $$tarball

## sync: bring the rulebook in step with its MediaWiki (wiki.toml): the pages, their revisions,
## the rules' history and the lock. WIKI_API=https://…/api.php reads another wiki;
## EXPORT=file.xml reads a Special:Export file (with every revision) instead. It aliases
## renamed rules found beyond doubt itself; ALIASES=ask stops for a person at each instead.
sync: setup
	$(PY) -m build_scripts.sync $(if $(WIKI_API),--api "$(WIKI_API)") $(if $(EXPORT),--export "$(EXPORT)") \
		$(if $(filter ask,$(ALIASES)),--ask-aliases)

## zensical: Zensical, the second generator, pinned, in a venv of its own
ZENSICAL := .venv-zensical/bin/zensical
zensical: $(ZENSICAL)
$(ZENSICAL): requirements-zensical.lock
	$(PYTHON) -m venv .venv-zensical
	.venv-zensical/bin/pip install --quiet --require-hashes -r requirements-zensical.lock
	touch $@

## pages: stages 1-3 alone: the pages as Markdown, the navigation and a generator's config in build/pages/
pages: setup
	$(PY) -m build_scripts.steps.pages_command

## build: the site into site/. GENERATOR=mkdocs (the default: MkDocs with Material, our plugin
## running the three stages in one build) or GENERATOR=zensical (make pages, zensical build,
## make finish: ARCHITECTURE.md says what differs)
GENERATOR ?= mkdocs
build: setup
ifeq ($(GENERATOR),zensical)
	$(MAKE) pages zensical
	rm -rf build/pages/site && $(ZENSICAL) build -f build/pages/mkdocs.yml
	rm -rf site && mv build/pages/site site
	$(PY) -m build_scripts.finish site
else
	$(VENV)/bin/mkdocs build
endif

## finish: stage 4 alone, on a site MkDocs built with SCROLLHAMMER_FINISH=false (make build runs it in one step)
finish: setup
	$(PY) -m build_scripts.finish site

## serve: build (for http://$(HOST):$(PORT)/, its cards' addresses included), then serve site/ there with the
## headers a real host sends
serve: build
	$(PY) -m site_server site --host $(HOST) --port $(PORT)

## dev: live-reloading preview while editing the rulebook (mkdocs serve; no precompression)
dev: setup
	$(VENV)/bin/mkdocs serve --dev-addr $(HOST):$(PORT)

## lint: Python (ruff, mypy), the page scripts (tsc against the generated view types, Biome)
lint: setup
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/mypy
	$(PY) -m build_scripts.tools.type_export --check
	npx --no-install tsc -p tsconfig.json
	npx --no-install tsc -p tsconfig.worker.json
	npx --no-install biome check

## types: regenerate docs/assets/js/types/protocol.d.ts and calculators/protocol.mjs from calculators/{contract,protocol}.py
types: setup
	$(PY) -m build_scripts.tools.type_export

## icons: render the app icons (PNG, committed) from docs/assets/icons/icon.svg
icons: setup chromium
	$(PY) -m build_scripts.tools.make_icons

## test: everything: lint, then every tier (unit, golden, site, hosting, sync, js, browser, engines:
## tests/README.md); in TEST_WORKERS processes (pytest-xdist; a worker takes the next test
## when it is free, so the long ones do not queue behind each other). Three on two cores:
## with four, each with its Chromium, a loaded machine stalled pages past their waits.
TEST_WORKERS ?= 3
test: setup chromium engines servers wiki parser-tests zensical lint
	SCROLLHAMMER_FROZEN_ANCHORS=true $(PY) -m pytest -n $(TEST_WORKERS) --dist worksteal --durations=20

## test-unit: the unit tier (tests/unit, the code's rooms alone): no build, server, browser, Node or
## apt, nothing but the venv; about half a minute
test-unit: $(STAMP)
	$(PY) -m pytest tests/unit -q

## test-fast: the tests that need no browser (every tier but browser and engines: it builds the site)
test-fast: setup servers wiki zensical
	SCROLLHAMMER_FROZEN_ANCHORS=true $(PY) -m pytest -n $(TEST_WORKERS) --dist worksteal -m "not browser"

## bench: the speed benchmarks (not tests): calculators on CPython, then the phone benchmark, then every engine (bench-engines)
bench: build chromium engines
	$(PY) -m bench.cpython
	$(PY) -m bench

## bench-changes: each performance change on and off, alternately, in one run (bench/results/changes.json)
bench-changes: build chromium
	$(PY) -m bench.ab.changes

## bench-ab: a change that an init script cannot undo, measured against the site built before it, alternately
## in one run (bench/results/ab.json): make bench-ab BEFORE=<a built site/, e.g. copied before the change>
bench-ab: build chromium
	@test -n "$(BEFORE)" || { echo "make bench-ab BEFORE=<the site/ built before the change>"; exit 2; }
	$(PY) -m bench.ab $(if $(MODEL),--model "$(MODEL)") $(BEFORE) site

## bench-start: when Python starts on a visit after the first (the page's modules, the head, first paint, idle,
## load), each a copy of the built site, alternately in one run under MODEL (default: slow cores) (bench/ab-start-*.json)
bench-start: build chromium
	$(PY) -m bench.ab.start --model "$(or $(MODEL),slow cores)" $(if $(RUNS),--runs $(RUNS)) $(MOMENTS)

## bench-shift: how far each calculator's page moves while the calculator starts, at 4x CPU, as a
## returning phone (bench/results/shift.json); SITES=<a site/ built before a change> measures it alongside
bench-shift: build chromium
	$(PY) -m bench.shift $(if $(RUNS),--runs $(RUNS)) $(SITES) site

## bench-cores: the two CPU models' calibration alone, REPEAT times in turn (make bench calibrates each once):
## slow cores side by side and one quarter-core, on a loop on the page and one in a worker at once (bench/results/cores.json)
REPEAT ?= 1
bench-cores: setup chromium
	$(PY) -m bench.cpu $(REPEAT)

## bench-engines: the first and the warm answer in Chromium, WebKit and Firefox, unthrottled, in one run
bench-engines: build chromium engines
	$(PY) -m bench.engines

## bench-engines-ab: the site built before a change against this build, alternately in Chromium, WebKit and Firefox in
## one run (bench/results/engines-ab.json): make bench-engines-ab BEFORE=<a built site/, e.g. copied before the change>
bench-engines-ab: build chromium engines
	@test -n "$(BEFORE)" || { echo "make bench-engines-ab BEFORE=<the site/ built before the change>"; exit 2; }
	$(PY) -m bench.engines.ab $(if $(RUNS),--runs $(RUNS)) $(if $(OUT),--out $(OUT)) $(BEFORE) site

## bench-scale: the site built from a synthetic book of 1x, 10x and 50x today's rules (harness/synthetic_book.py): each
## size's builds (cold, nothing changed, one export edited), its files, a rule page's bytes, a search on the slow phone
## (bench/results/scale.json, bench/README.md); about 15 minutes
bench-scale: setup chromium
	$(PY) -m bench.scale

## bench-lighthouse: Lighthouse's four scores (performance, accessibility, best practices, SEO) of every page, three
## times; fails when a page's accessibility is below 100 (apart from bench: its 12-minute budget)
bench-lighthouse: build chromium
	CHROME_PATH=$(CHROMIUM) $(PY) -m bench.lighthouse

## mutants: mutation testing (not part of make test; its own time, tests/README.md): mutmut on the calculators and
## the build's pure steps, Stryker on the page scripts' pure modules; writes build/reports/mutants.json and fails
## when an area misses its target (calculators 95 %, every other area 85 %)
mutants: setup
	$(PY) -m pip install --quiet --require-hashes -r requirements-mutants.lock
	$(PY) tests/mutation/run.py

## lock-python: the Python locks regenerated by pip-tools (pinned), every file of every package
## with its hash, which make installs with --require-hashes; what is pinned stays pinned unless
## UPGRADE=1. requirements.lock: pyproject.toml's dependencies, its test extra and the editable
## build's setuptools; requirements-zensical.lock: Zensical, the newest that installs here (0.1.1
## needs a zensical-ui the registry lacks); requirements-mutants.lock: mutmut, within requirements.lock.
ZENSICAL_VERSION := 0.0.73
MUTMUT_VERSION := 3.8.1
LOCK_VENV := build/lock-venv
LOCK := CUSTOM_COMPILE_COMMAND="make lock-python" $(LOCK_VENV)/bin/pip-compile --quiet --generate-hashes \
	--allow-unsafe --strip-extras --no-emit-index-url --no-emit-find-links $(if $(UPGRADE),--upgrade)
lock-python:
	rm -rf $(LOCK_VENV) && $(PYTHON) -m venv $(LOCK_VENV)
	$(LOCK_VENV)/bin/pip install --quiet pip-tools==7.6.2
	$(LOCK) --extra test --build-deps-for editable --output-file requirements.lock pyproject.toml
	echo "zensical==$(ZENSICAL_VERSION)" | $(LOCK) --output-file requirements-zensical.lock -
	echo "mutmut==$(MUTMUT_VERSION)" | $(LOCK) --constraint requirements.lock --output-file requirements-mutants.lock -

clean:
	rm -rf site build mutants .pytest_cache .mypy_cache .ruff_cache
