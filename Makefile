# errgen — make test runs every test; make lint runs the linters CI runs.
GO          ?= go
# Every cargo build of make test, the Go tests' included, is done once:
# no incremental caches (half of a test run's target directory) and line
# tables for debug information (enough for a panic's backtrace; full
# debug information is most of the rest). The builds of the Rust suite and
# of the Go tests share their dependencies because they share these.
# make mutate's cargo-mutants, which rebuilds one crate per mutant, keeps
# Cargo's defaults.
export CARGO_INCREMENTAL := 0
export CARGO_PROFILE_DEV_DEBUG := line-tables-only
STATICCHECK := honnef.co/go/tools/cmd/staticcheck@v0.8.2
FUZZTIME    ?= 60s
# How long the fuzzer may shrink each new input: Go's default of 60s would
# spend a short run shrinking a pair of catalogs (FuzzDiff) instead of fuzzing.
FUZZMIN     ?= 5s

.PHONY: all test lint check generate bench bench-go bench-cli bench-tools bench-ts fuzz docs-site dist mutate

all: lint test

# Every test: the Rust crates of the Cargo workspace (the Rust runtime, the
# repo's gen/rust, the golden catalogs' crates, the MCP test server) under
# rustfmt, clippy with warnings denied (with and without the rmcp feature)
# and cargo test, their dependencies as Cargo.lock pins them; Go unit,
# golden and end-to-end tests (the README's go get -tool, errgen init and go
# generate flow in a throwaway server module, a go-sdk MCP server driven
# over stdio by a client on the MCP TypeScript SDK, an rmcp server driven
# by raw JSON-RPC lines, and errgen conformance on the Go runner and the
# Rust crates' runners included; hostile detail values of 64 KB to 5 MB
# (super-linear patterns, formats, sanitizers, untyped values) sent to the
# Go, TypeScript, Rust (built --release) and Python runners, each line
# answered within a second in about linear time (TestHostileValues); the
# TypeScript server runtime against errgen conformance and in TypeScript
# MCP and HTTP servers), the
# generated golden packages under go vet, the runtime and the model's
# parallel check under the race detector, every rule of the conformance
# page read the other way in turn (a test build of errgenrt) and caught by
# a vector, the repo's own outputs checked for staleness, the generated
# TypeScript under tsc --strict (with type-level tests), the node tests of
# the generated JavaScript (wire vectors, seed payloads, npm pack + install
# + compile of a consumer), the TypeScript runtime's own type check and
# unit tests (runtime/ts), an esbuild browser bundle of each package's
# client holding no server code, and the official MCP conformance suite
# (test/mcp-conformance) against a TypeScript, a Go, a Rust and a Python MCP
# server, each without errgen and with its adapter; errgen's release for
# this platform (internal/dist: two builds alike byte for byte, the npm
# packages installed from their tarballs and the wheel into a virtual
# environment, each running errgen with no Go on PATH) and generate killed
# at random moments (internal/cli); the Python runtime (runtime/python:
# ruff, mypy --strict, pytest, its MCP and Starlette adapters and its
# FastAPI OpenAPI helper on the frameworks' own clients) and the generated
# Python packages (errgen conformance on their runners, mypy --strict of a
# user's module, FastMCP and low-level MCP servers driven by raw JSON-RPC
# lines) in .venv-test; the OpenAPI documents (the repo's and every golden catalog's) under
# Redocly CLI's recommended rules, openapi-typescript's types of them
# under tsc --strict, openapi-spec-validator, and openapi-core validating
# every golden problem vector against its responses (test/openapi).
# internal/endtoend is one test binary of 6 to 12 minutes (its cargo
# builds cold on a fresh machine), past go test's default 10-minute
# timeout: hence -timeout.
# The suites share no state but the Cargo target directory (cargo takes
# its lock), so they run side by side, each one's output printed whole
# when it ends: the Go tests (the longest), the Rust workspace and then
# the Go test builds of the race detector and the rule switches, the
# TypeScript and Python suites.
test: node_modules test/mcp-conformance/node_modules .venv-test
	$(GO) mod download all
	cargo fetch --locked
	$(MAKE) -j3 --output-sync=target --no-print-directory test-go test-rust test-node-python

.PHONY: test-go test-rust test-go-builds test-node-python
test-go:
	$(GO) test -timeout 25m ./...

test-rust:
	cargo fmt --check
	cargo clippy --workspace --all-targets --locked -q -- -D warnings
	cargo clippy --workspace --all-targets --all-features --locked -q -- -D warnings
	cargo test --workspace --lib --tests --all-features --locked -q
	$(MAKE) --no-print-directory test-go-builds

test-go-builds:
	$(GO) vet ./internal/endtoend/testdata/golden/...
	$(GO) test -race -run 'Metrics|Redaction|Vectors|WireFormats' ./internal/endtoend/
	$(GO) test -race -run 'ChecksDoNotDependOnWorkers' ./internal/model/
	$(GO) test -tags errgen_rules -run '^TestRuleSwitches$$' ./internal/endtoend/
	$(GO) run ./cmd/errgen check
	$(GO) run ./cmd/errgen generate -check

test-node-python:
	node node_modules/typescript/bin/tsc -p internal/endtoend/testdata/tstests/tsconfig.json
	node --test internal/endtoend/testdata/tstests/
	node --test test/schema/ajv.test.mjs
	node node_modules/typescript/bin/tsc -p runtime/ts/tsconfig.json
	node --test runtime/ts/test/*.test.js
	node test/bundle/client.mjs gen/ts internal/endtoend/testdata/golden/*/ts
	cd runtime/python && ../../.venv-test/bin/ruff check . && ../../.venv-test/bin/ruff format --check . && ../../.venv-test/bin/mypy
	cd runtime/python && ../../.venv-test/bin/python -m pytest
	node --test test/openapi/redocly.test.mjs test/openapi/types.test.mjs
	.venv-test/bin/python -m pytest test/openapi

# Mutation testing of each runtime's rule modules, the conformance vectors
# of the golden catalogs the only killing test (test/mutate/README.md;
# docs/guide/conformance.md, "Mutation testing"): gremlins on errgenrt,
# mutmut on the Python runtime, StrykerJS on the TypeScript runtime and
# cargo-mutants on the Rust runtime, one after another, one job each
# (MUTATE_JOBS sets more). Hours on two cores: not part of make test.
MUTATE_JOBS ?= 1
mutate: node_modules
	test/mutate/go.sh -j $(MUTATE_JOBS)
	test/mutate/python.sh -j $(MUTATE_JOBS)
	test/mutate/ts.sh -j $(MUTATE_JOBS)
	env -u CARGO_INCREMENTAL -u CARGO_PROFILE_DEV_DEBUG test/mutate/rust.sh -j $(MUTATE_JOBS)

# TypeScript, Ajv, the MCP SDK, esbuild, Fastify, ESLint, Redocly CLI and
# openapi-typescript for the tests, pinned in package-lock.json.
node_modules: package.json package-lock.json
	npm ci --no-audit --no-fund
	@touch node_modules

# The Python test environment (the Python runtime's tests and linters, the
# generated packages' conformance runs, mypy, MCP SDK and Starlette tests in
# internal/endtoend, the OpenAPI tests): pytest, mypy, ruff, hatchling, the
# MCP Python SDK, Starlette, FastAPI, openapi-core and
# openapi-spec-validator, pinned and hashed in
# runtime/python/requirements-dev.txt.
PYTHON ?= python3
.venv-test: runtime/python/requirements-dev.txt
	rm -rf $@
	$(PYTHON) -m venv $@
	$@/bin/pip install -q --disable-pip-version-check --require-hashes --no-deps -r runtime/python/requirements-dev.txt
	@touch $@

# The official MCP conformance suite and the Node (22) it needs, from the
# npm registry (Node as the package of this platform), pinned in
# test/mcp-conformance/package-lock.json.
test/mcp-conformance/node_modules: test/mcp-conformance/package.json test/mcp-conformance/package-lock.json
	npm ci --prefix test/mcp-conformance --no-audit --no-fund
	@touch $@

# Build the docs sites with VitePress (pinned in package-lock.json), dead
# links failing the build, in throwaway directories: TestDocsSite builds the
# site of a test catalog from exactly what errgen generate writes for it
# (docs, sidebar, site files, starter config and theme) and the docs of the
# golden catalogs; TestDocsBrowser builds the repo's own docs/errors
# (docs/.vitepress, with the sidebar and site files errgen writes), the
# guide (docs/guide) and the sites errgen generate writes for two catalogs
# the pages were not made on, then drives them in Debian's Chromium
# (installed here when missing: apt-get, as root in CI) through
# playwright-core (pinned in package-lock.json), each site served on
# 127.0.0.1 at its base path: every problem type URI, retired ones
# included, lands on its error's page; search by code and by symbol lists
# the error first; no page scrolls sideways at 390 px nor holds a table
# wider than its column at 390 or 1280 px; following every link meets no
# 404 and no console error. Screenshots of one error page at 390 and
# 1280 px go to .artifacts/docs-browser (gitignored; CI keeps it as
# artifacts). Two to three minutes.
SUDO := $(if $(filter 0,$(shell id -u)),,sudo)
docs-site: node_modules
	command -v chromium >/dev/null 2>&1 || { $(SUDO) apt-get update -q && $(SUDO) apt-get install -y -q --no-install-recommends chromium; }
	$(GO) test -count=1 -timeout 15m -run '^(TestDocsSite|TestDocsBrowser)$$' ./internal/endtoend/ -args -docs-site -docs-browser

# Regenerate the repo's own outputs from catalog/errors.yaml.
generate:
	$(GO) run ./cmd/errgen generate

# errgen's release, into dist/: for Linux, macOS and Windows on amd64 and
# arm64, archives (tar.gz, zip) with SHA256SUMS, the npm packages (the
# launcher errgen and one package per platform) and the Python wheels,
# stamped with VERSION (default errgen's, cli.Version) and the commit.
# Reproducible: two runs on one commit give the same bytes. Needs python3
# (the wheels). To publish: npm publish dist/npm/cli-* (each), then
# dist/npm/errgen; twine upload dist/*.whl; the archives and SHA256SUMS to
# the release. See RELEASING.md.
VERSION ?=
dist:
	$(GO) run ./internal/cmd/dist $(if $(VERSION),-version $(VERSION)) -out dist

# gofmt, go vet, staticcheck (pinned), ESLint (pinned) over the TypeScript
# runtime, and rustfmt (clippy runs in test).
lint: node_modules
	@unformatted=$$(gofmt -l $$(git ls-files '*.go')); \
	if [ -n "$$unformatted" ]; then echo "gofmt would change:"; echo "$$unformatted"; exit 1; fi
	cargo fmt --check
	$(GO) vet ./...
	$(GO) run $(STATICCHECK) ./...
	node node_modules/eslint/bin/eslint.js --config runtime/ts/eslint.config.js runtime/ts test/bundle test/bench test/openapi

# What CI checks of a catalog change, locally: the catalogs are valid, the
# generated outputs are fresh, and nothing breaks against BASE.
BASE ?= origin/main
check:
	$(GO) run ./cmd/errgen check
	@for f in examples/*/errors.yaml; do $(GO) run ./cmd/errgen check -catalog $$f || exit 1; done
	$(GO) run ./cmd/errgen generate -check
	$(GO) run ./cmd/errgen diff git:$(BASE):catalog/errors.yaml catalog/errors.yaml

# The generate figures errgen holds itself to, at 1,000 and 10,000 errors
# (RUNS runs each, paired medians, outputs on /dev/shm): a fresh generate
# against SPEED_BASE's errgen, of the default outputs (Go, TypeScript,
# JSON Schema, docs) and of every output both write (the Rust crate and
# the conformance vectors too), and an unchanged regenerate against
# copying the output tree; beside the default outputs' figure, its floor:
# the other outputs without the Go package, and gofmt of the Go package.
# See BENCHMARKS.md.
SPEED_BASE ?= 3d4e3a3
bench:
	$(GO) run ./internal/cmd/benchcli -n 1000,10000 -runs $(RUNS) -what generate -base $(SPEED_BASE)
	$(GO) run ./internal/cmd/benchcli -n 1000,10000 -runs $(RUNS) -what generate -base $(SPEED_BASE) -all

# Benchmarks on generated 1,000- and 10,000-error catalogs: check, each
# emitter, errgen generate end to end (fresh and unchanged outputs); the
# runtime's encoders against encoding/json.
bench-go:
	$(GO) test -run '^$$' -bench . -benchmem ./internal/model/ ./internal/endtoend/ ./internal/gen/jsonschema/

# The errgen command side by side with what it is compared to, a process
# per run, at 100, 1,000 and 10,000 errors (RUNS runs each, medians):
# generate (fresh, unchanged and -check) against copying its output tree
# (on /dev/shm), protoc-gen-go on
# an equivalent proto, the compile of the generated package against plain
# literals and against BENCH_BASE's, its initialization against
# BENCH_BASE's, and the runtime against encoding/json. See BENCHMARKS.md.
# Needs protoc and protoc-gen-go: make bench-tools.
# BENCH_WHAT=generate measures generate alone (fresh, unchanged, -check
# and the copy), without the tools.
RUNS       ?= 5
BENCH_N    ?= 100,1000,10000
BENCH_BASE ?= main
BENCH_WHAT ?= generate,protoc,compile,init,runtime
BENCH_TOOLS = $(CURDIR)/.bench-tools
bench-cli:
	PATH="$(BENCH_TOOLS):$$PATH" $(GO) run ./internal/cmd/benchcli -n $(BENCH_N) -runs $(RUNS) -base $(BENCH_BASE) -what $(BENCH_WHAT)

# protoc (Debian's protobuf-compiler) and protoc-gen-go (pinned, into
# .bench-tools/), for bench-cli only.
PROTOC_GEN_GO := google.golang.org/protobuf/cmd/protoc-gen-go@v1.36.11
bench-tools:
	command -v protoc >/dev/null || apt-get install -y protobuf-compiler
	GOBIN=$(BENCH_TOOLS) $(GO) install $(PROTOC_GEN_GO)

# What narrowing costs the TypeScript compiler: a file narrowing every
# symbol of a TS_N-error catalog in the three formats (reading every
# detail field) against a bare import, a floor (the same file with a
# trivial guard), the same narrowings a function per symbol, and each on
# a parse of its own in a block of its own (with the floor's guard too), tsc
# --extendedDiagnostics, RUNS runs each; then the
# TypeScript runtime's error path against new Error and JSON.stringify on
# the repo's, a synthetic and the hostile catalog, beside Go's benchmarks
# (TS_ROUNDS rounds); the Rust crate's against serde_json; a node:http
# server's requests/s with writeProblem against JSON.stringify (HTTP_ROUNDS
# rounds of HTTP_SECONDS s, internal/cmd/httpload); and the size of a
# client bundle of one guard and one parser (see BENCHMARKS.md).
TS_N         ?= 133
TS_ROUNDS    ?= 21
HTTP_ROUNDS  ?= 5
HTTP_SECONDS ?= 5
bench-ts: node_modules
	node test/bench/ts-narrowing.mjs $(TS_N) $(RUNS)
	node test/bench/ts-error-path.mjs $(TS_ROUNDS) go
	cargo fetch --locked
	node test/bench/rust-error-path.mjs $(TS_ROUNDS)
	node test/bench/ts-http-problem.mjs $(HTTP_ROUNDS) $(HTTP_SECONDS) 32
	d=$$(mktemp -d) && $(GO) run ./cmd/errgen generate -catalog catalog/errors.yaml -ts $$d/ts && \
	node test/bundle/client.mjs $$d/ts; s=$$?; rm -rf $$d; exit $$s

# Fuzz the loader + checker, the encoders, the catalog text check, the
# template parser, diff and the sanitizers' scanners against the
# expressions they stand for (FUZZTIME=10m for a long run).
fuzz: .venv-test
	$(GO) test -run '^$$' -fuzz '^FuzzCheck$$' -fuzztime $(FUZZTIME) -fuzzminimizetime $(FUZZMIN) ./internal/endtoend/
	$(GO) test -run '^$$' -fuzz '^FuzzEncoders$$' -fuzztime $(FUZZTIME) -fuzzminimizetime $(FUZZMIN) ./internal/endtoend/
	$(GO) test -run '^$$' -fuzz '^FuzzScanText$$' -fuzztime $(FUZZTIME) -fuzzminimizetime $(FUZZMIN) ./internal/catalog/
	$(GO) test -run '^$$' -fuzz '^FuzzParse$$' -fuzztime $(FUZZTIME) -fuzzminimizetime $(FUZZMIN) ./internal/tmpl/
	$(GO) test -run '^$$' -fuzz '^FuzzDiff$$' -fuzztime $(FUZZTIME) -fuzzminimizetime $(FUZZMIN) ./internal/diff/
	$(GO) test -run '^$$' -fuzz '^FuzzAppendQuoted$$' -fuzztime $(FUZZTIME) -fuzzminimizetime $(FUZZMIN) ./errgenrt/
	$(GO) test -run '^$$' -fuzz '^FuzzSanitizeScanners$$' -fuzztime $(FUZZTIME) -fuzzminimizetime $(FUZZMIN) ./errgenrt/
	ERRGEN_DIFF_N=$${ERRGEN_DIFF_N:-20000} ERRGEN_DIFF_SEED=$${ERRGEN_DIFF_SEED:-random} ERRGEN_DIFF_RANDOM=$${ERRGEN_DIFF_RANDOM:-8} $(GO) test -count=1 -timeout 0 -run '^TestDifferential$$' ./internal/endtoend/
