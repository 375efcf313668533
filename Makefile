# querent — the two commands: `make demo` and `make test`.
GO        ?= go
BIN       := bin/querent
DEMO_DB   := demo.db
QUESTION  ?= How many customers are there?
GOFLAGS_BUILD := -trimpath

.PHONY: build demo test test-short bench fuzz vet clean

build:
	$(GO) build $(GOFLAGS_BUILD) -o $(BIN) ./cmd/querent

# Build, create the demo database, and answer a question with no LLM.
demo: build
	$(BIN) demo --out $(DEMO_DB) --force
	$(BIN) ask --db $(DEMO_DB) "$(QUESTION)"

# All tests. Server-backed tests (PostgreSQL, MariaDB) run when their
# QUERENT_TEST_* variables are set (.ci/run sets them) and skip otherwise.
test:
	$(GO) vet ./...
	$(GO) test -count=1 ./...

bench:
	$(GO) test -run '^$$' -bench . -benchmem ./...

# A short fuzzing pass over every fuzz target.
fuzz:
	@for pkg in $$($(GO) list ./...); do \
	  for f in $$($(GO) test -list '^Fuzz' $$pkg | grep '^Fuzz'); do \
	    echo "== $$pkg $$f"; $(GO) test -run '^$$' -fuzz "^$$f$$" -fuzztime 20s $$pkg || exit 1; \
	  done; \
	done

clean:
	rm -rf bin $(DEMO_DB)
