# lockers: build, set-up, scan, test, benchmark.
#   make                  build ./lockers
#   make deps             install missing Debian packages (apt-get update once first)
#   make deps-compile     also what lockers fix --compile needs (a kernel build, sparse)
#   make check [KDIR=path] [M=dir-or-file] [J=n] [CLANG=1]   scan a tree (default: the 6.1 corpus;
#                         CLANG=1 adds libclang's typed facts to the scores)
#   make test             the fast tests: testcases, fix cases, unit and CLI tests on small
#                         trees, no scan of the corpus (installs what it needs; minutes)
#   make test-corpus      the tests that scan the 6.1 corpus (its whole-tree indexes built once),
#                         copy the project and run make, or run the kernel's make coccicheck
#   make test-all         both, in one pytest run (.ci/run)
#   make test-compile     the lockers fix --compile tests (installs deps-compile)
#   make unit             build and run the C unit tests (tests/unit/; make test runs them)
#   make bench [M=dir]    run the benchmarks on a 1-in-10 sample of the 6.1 tree (or of M=)
#   make recall           recall on real upstream fixes (kernel-corpus/upstream-fixes/), check and gate
#   make gate KDIR=path PATCH=file   findings a patch introduces (exit 1 if any >= FAIL_ON)
#   make SAN=1 ...        build with AddressSanitizer and UBSan
#   make install [PREFIX=/usr/local] [DESTDIR=]   the binary, the rules, lockers.1; make uninstall

CC      ?= cc
CFLAGS  ?= -O2 -g
WARN     = -Wall -Wextra -Wshadow -Wstrict-prototypes -Wmissing-prototypes -Wno-unused-parameter -Werror
LLVM     = /usr/lib/llvm-14
CPPFLAGS = -std=c11 -D_GNU_SOURCE -MMD -MP -Isrc -Ibuild/gen -Ibuild -I$(LLVM)/include
LDLIBS   = -ljansson -lxxhash -L$(LLVM)/lib -lclang-14 -Wl,-rpath,$(LLVM)/lib
ifeq ($(SAN),1)
CFLAGS  += -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined
LDFLAGS += -fsanitize=address,undefined
BUILD    = build/san
# A sanitizer report must fail a test, and never pass for "findings" (exit 1).
export ASAN_OPTIONS = detect_leaks=1:exitcode=86:abort_on_error=0
export UBSAN_OPTIONS = halt_on_error=1:exitcode=87:print_stacktrace=1
else
BUILD    = build/opt
endif

# The rules lockers runs, build/rules/, and what the C side takes from them,
# build/gen/ (each rule's weights, the vocabulary of rules/data/), made from
# rules/ (rules/LIST names them) before make reads any date: scripts/build-rules
# rewrites a file only when its content changes.
ifeq ($(filter clean deps deps-compile,$(MAKECMDGOALS)),)
ifneq ($(shell scripts/build-rules rules build/rules build/gen >&2 || echo failed),)
$(error scripts/build-rules failed)
endif
endif

SRC = $(wildcard src/*/*.c driver/*.c)
OBJ = $(SRC:%.c=$(BUILD)/%.o)

CORPUS  = kernel-corpus/linux-source-6.1
KDIR   ?= $(CORPUS)
J      ?= $(shell nproc)
O      ?= lockers-out
# FAIL_ON's default is --fail-on's: SCORE_FAIL_ON_DEFAULT in src/facts/score.h (the bug band).
FAIL_ON ?= 60
# -rs: every skipped test is listed with its reason.
PYTEST  = /usr/bin/python3 -m pytest -q -rs

# make install: where things go (DESTDIR is prepended to each, for packaging).
PREFIX  ?= /usr/local
BINDIR   = $(PREFIX)/bin
DATADIR  = $(PREFIX)/share/lockers
MAN1DIR  = $(PREFIX)/share/man/man1
# The rules as the build keeps them: every file spatch and the rules' Python
# need, installed to DATADIR under their paths relative to RULES_DIR.
RULES_DIR   = build/rules
RULES_FILES = $(shell cd $(RULES_DIR) 2>/dev/null && find . -type f ! -name '*.pyc' | sed 's,^\./,,' | sort)

all: lockers

lockers: $(OBJ) $(BUILD)/.stamp
	@echo "  LINK    $@"
	@$(CC) $(LDFLAGS) -o $@ $(OBJ) $(LDLIBS)

$(BUILD)/%.o: %.c
	@mkdir -p $(dir $@)
	@echo "  CC      $<"
	@$(CC) $(CPPFLAGS) $(CFLAGS) $(WARN) -c -o $@ $<

-include $(OBJ:.o=.d)

# The version, rewritten only when it changes (scripts/version-gen); only
# buildinfo.c includes it.
build/version.h: FORCE
	@scripts/version-gen $@

$(BUILD)/src/lib/buildinfo.o build/fuzz/src/lib/buildinfo.o: build/version.h

# The installed binary differs from ./lockers in one object: buildinfo.c
# with the DATADIR it finds its rules in, rebuilt when DATADIR changes.
INSTALL_BUILD = $(BUILD)/install
$(INSTALL_BUILD)/datadir: FORCE
	@mkdir -p $(dir $@)
	@echo '$(DATADIR)' | cmp -s - $@ || echo '$(DATADIR)' > $@

$(INSTALL_BUILD)/buildinfo.o: src/lib/buildinfo.c build/version.h $(INSTALL_BUILD)/datadir
	@echo "  CC      $< (DATADIR=$(DATADIR))"
	@$(CC) $(CPPFLAGS) $(CFLAGS) $(WARN) -DLOCKERS_DATADIR='"$(DATADIR)"' -c -o $@ $<

$(INSTALL_BUILD)/lockers: $(filter-out $(BUILD)/src/lib/buildinfo.o,$(OBJ)) $(INSTALL_BUILD)/buildinfo.o
	@echo "  LINK    $@"
	@$(CC) $(LDFLAGS) -o $@ $^ $(LDLIBS)

# lockers.1 from the help texts of the binary it documents (scripts/manpage).
$(INSTALL_BUILD)/lockers.1: $(INSTALL_BUILD)/lockers scripts/manpage
	@echo "  MAN     $@"
	@scripts/manpage $(INSTALL_BUILD)/lockers '$(DATADIR)' > $@.tmp && mv $@.tmp $@

man: $(INSTALL_BUILD)/lockers.1

install: $(INSTALL_BUILD)/lockers $(INSTALL_BUILD)/lockers.1
	install -d '$(DESTDIR)$(BINDIR)' '$(DESTDIR)$(DATADIR)' '$(DESTDIR)$(MAN1DIR)'
	install -m 755 $(INSTALL_BUILD)/lockers '$(DESTDIR)$(BINDIR)/lockers'
	install -m 644 $(INSTALL_BUILD)/lockers.1 '$(DESTDIR)$(MAN1DIR)/lockers.1'
	@for f in $(RULES_FILES); do \
		echo "install -D -m 644 $(RULES_DIR)/$$f '$(DESTDIR)$(DATADIR)/$$f'"; \
		install -D -m 644 "$(RULES_DIR)/$$f" '$(DESTDIR)$(DATADIR)'/"$$f" || exit 1; \
	done

# DATADIR is lockers' own directory: all of it goes.
uninstall:
	rm -f '$(DESTDIR)$(BINDIR)/lockers' '$(DESTDIR)$(MAN1DIR)/lockers.1'
	rm -rf '$(DESTDIR)$(DATADIR)'

# ./lockers is relinked whenever the build flavour (SAN=1 or not) changes.
$(BUILD)/.stamp:
	@mkdir -p $(BUILD)
	@rm -f build/opt/.stamp build/san/.stamp
	@touch $@

deps:
	@scripts/install-deps

# lockers fix --compile builds kernel objects: the default deps stay small without it.
deps-compile: deps
	@scripts/install-deps compile

corpus: deps
	@kernel-corpus/prepare

# Findings are the point of a scan, so they do not fail make; errors (exit 2) do.
check: deps
	@$(MAKE) --no-print-directory lockers
	@if [ "$(KDIR)" = "$(CORPUS)" ]; then kernel-corpus/prepare; fi
	@./lockers check -j $(J) -o $(O) --fail-on $(FAIL_ON) $(if $(filter 1,$(CLANG)),--clang-evidence) $(KDIR) $(M); rc=$$?; \
	if [ $$rc -eq 1 ]; then echo "make check: findings at or above score $(FAIL_ON): see above; all findings: $(O)/report.html"; \
	elif [ $$rc -ne 0 ]; then exit $$rc; fi

gate: deps
	@$(MAKE) --no-print-directory lockers
	@if [ -z "$(PATCH)" ]; then echo "make gate: PATCH=file.patch is required" >&2; exit 2; fi
	@if [ "$(KDIR)" = "$(CORPUS)" ]; then kernel-corpus/prepare; fi
	./lockers gate --kdir $(KDIR) --patch $(PATCH) -j $(J) -o $(O) --fail-on $(FAIL_ON) --show-removed

# The test tiers, chosen by the markers of tests/conftest.py (MARKERS): make test
# leaves out the tests marked corpus (they scan or read the 6.1 tree; a test
# that runs only its scripts/checkpatch.pl is marked checkpatch and stays) and
# slow (they copy the project and run make, or run make coccicheck). Both
# tiers need the extracted corpus, make test for checkpatch.pl.
# deps-compile: tests/test_fix_compile.py builds kernel objects with gcc and sparse.
# PYTEST_FLAGS='-k EXPR' runs a part of a tier (CI's sanitizer pass).
FAST_TESTS = not corpus and not slow
PYTEST_FLAGS ?=
test: deps-compile
	@$(MAKE) --no-print-directory lockers
	@kernel-corpus/prepare
	$(PYTEST) -m '$(FAST_TESTS)' $(PYTEST_FLAGS) tests/

test-corpus: deps
	@$(MAKE) --no-print-directory lockers
	@kernel-corpus/prepare
	$(PYTEST) -m 'not ($(FAST_TESTS))' $(PYTEST_FLAGS) tests/

test-all: deps-compile
	@$(MAKE) --no-print-directory lockers
	@kernel-corpus/prepare
	$(PYTEST) $(PYTEST_FLAGS) tests/

# tests/test_fix_compile.py, skipped by make test where sparse is missing: installs it.
test-compile: deps-compile
	@$(MAKE) --no-print-directory lockers
	@kernel-corpus/prepare
	$(PYTEST) tests/test_fix_compile.py

bench: deps
	@$(MAKE) --no-print-directory lockers
	@kernel-corpus/prepare
	BENCH_M="$(M)" BENCH_J=$(J) /usr/bin/python3 tests/bench.py

# A measurement like bench: fetches and extracts the tree before the fixes once,
# scans it whole and matches the findings with the labelled buggy lines; then
# puts each fix back over the tree after them and runs the gate on it.
recall: deps
	@$(MAKE) --no-print-directory lockers
	/usr/bin/python3 scripts/recall -j $(J)
	@kernel-corpus/prepare
	/usr/bin/python3 scripts/replay-gate -j $(J)

# C unit tests: each tests/unit/*.c is a program, linked with src/'s objects, that
# exits non-zero when a check fails. make unit builds and runs them all
# (tests/test_unit.py runs it in make test, SAN=1 included).
UNIT_SRC = $(wildcard tests/unit/*.c)
UNIT_BIN = $(UNIT_SRC:tests/unit/%.c=$(BUILD)/unit/%)
LIB_OBJ  = $(filter-out $(BUILD)/driver/%,$(OBJ))

$(BUILD)/unit/%: tests/unit/%.c $(LIB_OBJ)
	@mkdir -p $(dir $@)
	@echo "  CC      $<"
	@$(CC) $(CPPFLAGS) -Itests/unit $(CFLAGS) $(WARN) $(LDFLAGS) -o $@ $< $(LIB_OBJ) $(LDLIBS)

-include $(UNIT_BIN:=.d)

unit: $(UNIT_BIN)
	@for t in $(UNIT_BIN); do echo "  UNIT    $$t"; $$t || exit 1; done

# libFuzzer targets for every parser of outside input, seeded from fuzz/corpus/.
FUZZ_SECONDS ?= 20
FUZZ_TARGETS = record patch triage cache savedscan prefilter rulecost fnscope kbuild apichange
FUZZ_LIB_SRC = $(filter-out driver/%,$(SRC))
FUZZ_OBJ = $(FUZZ_LIB_SRC:%.c=build/fuzz/%.o)
FUZZ_FLAGS = -g -O1 -fsanitize=address,undefined -fno-sanitize-recover=undefined

build/fuzz/%.o: %.c
	@mkdir -p $(dir $@)
	@echo "  CC      $< (fuzz)"
	@clang $(CPPFLAGS) $(FUZZ_FLAGS) -fsanitize=fuzzer-no-link -c -o $@ $<

build/fuzz/fuzz-%: fuzz/fuzz-%.c $(FUZZ_OBJ)
	@echo "  LINK    $@"
	@clang $(CPPFLAGS) $(FUZZ_FLAGS) -fsanitize=fuzzer -o $@ $< $(FUZZ_OBJ) $(LDLIBS)

.SECONDARY: $(FUZZ_OBJ)
# A header change rebuilds the fuzz objects too (a struct's layout must agree).
-include $(FUZZ_OBJ:.o=.d)

fuzz: deps $(FUZZ_TARGETS:%=build/fuzz/fuzz-%)
	@mkdir -p build/fuzz/artifacts
	@for t in $(FUZZ_TARGETS); do \
		echo "fuzz: $$t for $(FUZZ_SECONDS) s"; \
		rm -rf build/fuzz/new-$$t; mkdir -p build/fuzz/new-$$t; \
		build/fuzz/fuzz-$$t -max_total_time=$(FUZZ_SECONDS) -timeout=10 -rss_limit_mb=2048 \
			-print_final_stats=1 -artifact_prefix=build/fuzz/artifacts/$$t- \
			build/fuzz/new-$$t fuzz/corpus/$$t 2>build/fuzz/$$t.log || \
			{ tail -40 build/fuzz/$$t.log; exit 1; }; \
		grep -E "stat::number_of_executed_units|stat::new_units_added" build/fuzz/$$t.log | tr '\n' ' '; echo; \
	done

clean:
	rm -rf build lockers

FORCE:

.PHONY: all deps deps-compile corpus check gate test test-corpus test-all test-compile unit bench recall fuzz \
	clean man install uninstall FORCE
