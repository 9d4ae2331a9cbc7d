# errgen — make test runs every test; make lint runs the linters CI runs.
GO          ?= go
STATICCHECK := honnef.co/go/tools/cmd/staticcheck@v0.8.2
FUZZTIME    ?= 60s

.PHONY: all test lint check bench fuzz

all: lint test

# Every test: Go unit, golden and end-to-end tests, then the repo's own
# catalog through the real binary.
test:
	$(GO) mod download
	$(GO) test ./...
	$(GO) run ./cmd/errgen check

# gofmt, go vet and staticcheck (pinned).
lint:
	@unformatted=$$(gofmt -l $$(git ls-files '*.go')); \
	if [ -n "$$unformatted" ]; then echo "gofmt would change:"; echo "$$unformatted"; exit 1; fi
	$(GO) vet ./...
	$(GO) run $(STATICCHECK) ./...

# Validate the repo's own catalogs.
check:
	$(GO) run ./cmd/errgen check
	@for f in examples/*/errors.yaml; do $(GO) run ./cmd/errgen check -catalog $$f || exit 1; done

# Benchmarks: check of generated 1,000- and 10,000-error catalogs.
bench:
	$(GO) test -run '^$$' -bench . -benchmem ./internal/model/ ./internal/catalog/

# Fuzz the loader + checker (FUZZTIME=10m for a long run).
fuzz:
	$(GO) test -run '^$$' -fuzz '^FuzzCheck$$' -fuzztime $(FUZZTIME) ./internal/endtoend/
