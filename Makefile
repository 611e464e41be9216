# boardd: see README.md. `make run` plays a live game, `make check` runs every test.
PREFIX ?= /usr/local
DESTDIR ?=
SANITIZE ?=
CC ?= cc
PKG_CONFIG ?= pkg-config
ifeq ($(SANITIZE),)
BUILD ?= build
SANFLAGS =
else
BUILD ?= build-$(subst $(comma),-,$(SANITIZE))
SANFLAGS = -fsanitize=$(SANITIZE) -fno-omit-frame-pointer -fno-sanitize-recover=all
endif
comma := ,

# CFLAGS is the user's to set (make CFLAGS=-O0); the flags the code needs are in BD_CFLAGS.
CFLAGS ?= -O2 -g
BD_CFLAGS = -std=c11 -D_GNU_SOURCE -Wall -Wextra -Werror -I. $(SANFLAGS) $(EXTRA_CFLAGS)
override CFLAGS += $(BD_CFLAGS)
LDFLAGS += $(SANFLAGS)
LDLIBS_BASE = -lm -pthread

# Debian packages each part needs; `make deps` installs them as root or names the line to run.
DEPS_BUILD = gcc make pkg-config libc6-dev
DEPS_GTK = libgtk-3-dev gettext libgsound-dev libglib2.0-bin
DEPS_TUI = libncurses-dev
DEPS_CHECK = debhelper lintian libcunit1-dev xvfb xdotool imagemagick x11-utils socat valgrind systemd procps util-linux \
	python3 python3-gi gir1.2-atspi-2.0 at-spi2-core dbus-daemon clang libclang-rt-14-dev tmux \
	openssh-server openssh-client appstream

IPC_SRC = $(wildcard ipc/*.c ipc/game/*.c)
IPC_OBJ = $(IPC_SRC:%.c=$(BUILD)/%.o)
DAEMON_SRC = $(wildcard daemon/*.c daemon/rules/*.c)
DAEMON_OBJ = $(DAEMON_SRC:%.c=$(BUILD)/%.o)
BOT_SRC = $(wildcard clients/bot/*.c)
BOT_OBJ = $(BOT_SRC:%.c=$(BUILD)/%.o)
CTL_SRC = $(wildcard clients/ctl/*.c)
CTL_OBJ = $(CTL_SRC:%.c=$(BUILD)/%.o)
GTK_SRC = $(wildcard clients/gtk/*.c)
GTK_OBJ = $(GTK_SRC:%.c=$(BUILD)/%.o) $(BUILD)/clients/gtk/resources.o
GTK_RES = clients/gtk/board-gtk.gresource.xml
# Translations (po/): board-gtk's messages into $(BUILD)/locale, where board-gtk finds them
# when it runs from the build folder (i18n.c), and its .desktop file and AppStream metainfo,
# made translated from their .in files into $(BUILD).
LINGUAS = $(shell sed 's/\#.*//' po/LINGUAS)
PO_FILES = $(LINGUAS:%=po/%.po)
GTK_DATA = $(LINGUAS:%=$(BUILD)/locale/%/LC_MESSAGES/board-gtk.mo) \
	$(BUILD)/org.boardd.BoardGtk.desktop $(BUILD)/org.boardd.BoardGtk.metainfo.xml
TUI_SRC = $(wildcard clients/tui/*.c)
TUI_OBJ = $(TUI_SRC:%.c=$(BUILD)/%.o)

# board-gtk is built and installed only where GTK 3 is found (make PKG_CONFIG=false: never).
PROGRAMS = $(BUILD)/boardd $(BUILD)/board-bot $(BUILD)/boardctl $(BUILD)/boardd-testhooks
INSTALL_GTK =
ifneq ($(GTK_SRC),)
ifneq ($(shell $(PKG_CONFIG) --exists gtk+-3.0 gsound 2>/dev/null && echo yes),)
PROGRAMS += $(BUILD)/board-gtk $(GTK_DATA) $(BUILD)/schemas/gschemas.compiled
INSTALL_GTK = install-gtk
GTK_CFLAGS := $(shell $(PKG_CONFIG) --cflags gtk+-3.0 gsound)
GTK_LIBS := $(shell $(PKG_CONFIG) --libs gtk+-3.0 gsound)
GTK_RES_DEPS := $(shell glib-compile-resources --sourcedir=clients/gtk --generate-dependencies $(GTK_RES))
endif
endif
# board-tui likewise where ncurses (wide) is found.
INSTALL_TUI =
ifneq ($(shell $(PKG_CONFIG) --exists ncursesw 2>/dev/null && echo yes),)
PROGRAMS += $(BUILD)/board-tui
INSTALL_TUI = install-tui
TUI_LIBS := $(shell $(PKG_CONFIG) --libs ncursesw)
endif

.PHONY: all tests deps deps-check run check clean install install-gtk install-tui fuzz soak bench eval-qwirkle eval-tafl eval-memory
all: $(PROGRAMS)

$(BUILD)/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(CFLAGS) -MMD -MP -c $< -o $@

$(BUILD)/clients/gtk/%.o: clients/gtk/%.c
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(CFLAGS) -Wno-deprecated-declarations $(GTK_CFLAGS) -MMD -MP -c $< -o $@

# board-gtk's window (.ui), stylesheet and icon are compiled into the program.
$(BUILD)/clients/gtk/resources.c: $(GTK_RES) $(GTK_RES_DEPS)
	@mkdir -p $(dir $@)
	glib-compile-resources --sourcedir=clients/gtk --generate-source --target=$@ $<

$(BUILD)/clients/gtk/resources.o: $(BUILD)/clients/gtk/resources.c
	$(CC) $(CPPFLAGS) $(CFLAGS) $(GTK_CFLAGS) -c $< -o $@

$(BUILD)/locale/%/LC_MESSAGES/board-gtk.mo: po/%.po
	@mkdir -p $(dir $@)
	msgfmt --check -o $@ $<

$(BUILD)/org.boardd.BoardGtk.desktop: clients/gtk/org.boardd.BoardGtk.desktop.in $(PO_FILES) po/LINGUAS
	@mkdir -p $(BUILD)
	msgfmt --desktop -d po --template $< -o $@

$(BUILD)/org.boardd.BoardGtk.metainfo.xml: clients/gtk/org.boardd.BoardGtk.metainfo.xml.in $(PO_FILES) po/LINGUAS
	@mkdir -p $(BUILD)
	msgfmt --xml -d po --template $< -o $@

# make pot: po/board-gtk.pot from the files of po/POTFILES, merged into every language's .po
# (then translate what is new or fuzzy; test-gtk-i18n wants every .po complete for the
# strings of $(BUILD)/board-gtk.pot, the sources' as they are).
# The daemon's and the rules' reasons for a refusal (ERR CODE REASON) are English where they are
# written, marked by BD_REASON or given to bd_err_set and the ERR senders (ipc/proto.h); board-gtk
# shows them translated, so their files are in po/POTFILES too.
XGETTEXT_FLAGS = --from-code=UTF-8 --keyword=_ --keyword=N_ --keyword=C_:1c,2 --keyword=NC_:1c,2 \
	--keyword=ngettext:1,2 --keyword=BD_REASON --keyword=bd_err_set:3 --keyword=worker_err:3 \
	--keyword=supervisor_refuse:3 --keyword=lobby_reply:4 \
	--add-comments=TRANSLATORS: --package-name=board-gtk --sort-by-file
$(BUILD)/board-gtk.pot: po/POTFILES $(shell sed 's/\#.*//' po/POTFILES)
	@mkdir -p $(BUILD)
	xgettext $(XGETTEXT_FLAGS) --files-from=po/POTFILES -o $@
.PHONY: pot
pot: $(BUILD)/board-gtk.pot
	cp $(BUILD)/board-gtk.pot po/board-gtk.pot
	for l in $(LINGUAS); do msgmerge --quiet --update --backup=none po/$$l.po po/board-gtk.pot || exit 1; done

# Its settings schema, compiled beside it: board-gtk finds it there when it is not installed
# (tests point GSETTINGS_SCHEMA_DIR at it).
GTK_SCHEMA = clients/gtk/org.boardd.BoardGtk.gschema.xml
$(BUILD)/schemas/gschemas.compiled: $(GTK_SCHEMA)
	@mkdir -p $(dir $@)
	cp $(GTK_SCHEMA) $(BUILD)/schemas/
	glib-compile-schemas --strict $(BUILD)/schemas

$(BUILD)/libbdipc.a: $(IPC_OBJ)
	$(AR) rcs $@ $^

$(BUILD)/boardd: $(DAEMON_OBJ) $(BUILD)/libbdipc.a
	$(CC) $(LDFLAGS) -o $@ $^ $(LDLIBS_BASE)

# The daemon with test-only hooks (BD_TEST_HOOKS): never installed, used by fault tests.
$(BUILD)/hooks/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(CFLAGS) -DBD_TEST_HOOKS -MMD -MP -c $< -o $@

$(BUILD)/boardd-testhooks: $(DAEMON_SRC:%.c=$(BUILD)/hooks/%.o) $(BUILD)/libbdipc.a
	$(CC) $(LDFLAGS) -o $@ $^ $(LDLIBS_BASE)

$(BUILD)/board-bot: $(BOT_OBJ) $(BUILD)/libbdipc.a
	$(CC) $(LDFLAGS) -o $@ $^ $(LDLIBS_BASE)

$(BUILD)/boardctl: $(CTL_OBJ) $(BUILD)/libbdipc.a
	$(CC) $(LDFLAGS) -o $@ $^ $(LDLIBS_BASE)

$(BUILD)/board-gtk: $(GTK_OBJ) $(BUILD)/libbdipc.a
	$(CC) $(LDFLAGS) -o $@ $^ $(GTK_LIBS) $(LDLIBS_BASE)

$(BUILD)/board-tui: $(TUI_OBJ) $(BUILD)/libbdipc.a
	$(CC) $(LDFLAGS) -o $@ $^ $(TUI_LIBS) $(LDLIBS_BASE)

# Its man page is installed with the others (docs/*.1).
install-tui: $(BUILD)/board-tui
	install -D -m 755 $(BUILD)/board-tui $(DESTDIR)$(PREFIX)/bin/board-tui

install-gtk: $(BUILD)/board-gtk $(GTK_DATA)
	install -D -m 755 $(BUILD)/board-gtk $(DESTDIR)$(PREFIX)/bin/board-gtk
	install -D -m 644 $(BUILD)/org.boardd.BoardGtk.desktop $(DESTDIR)$(PREFIX)/share/applications/org.boardd.BoardGtk.desktop
	install -D -m 644 clients/gtk/org.boardd.BoardGtk.svg $(DESTDIR)$(PREFIX)/share/icons/hicolor/scalable/apps/org.boardd.BoardGtk.svg
	install -D -m 644 docs/board-gtk.1 $(DESTDIR)$(PREFIX)/share/man/man1/board-gtk.1
	install -D -m 644 $(BUILD)/org.boardd.BoardGtk.metainfo.xml \
		$(DESTDIR)$(PREFIX)/share/metainfo/org.boardd.BoardGtk.metainfo.xml
	for l in $(LINGUAS); do install -D -m 644 $(BUILD)/locale/$$l/LC_MESSAGES/board-gtk.mo \
		$(DESTDIR)$(PREFIX)/share/locale/$$l/LC_MESSAGES/board-gtk.mo || exit 1; done
	install -D -m 644 $(GTK_SCHEMA) $(DESTDIR)$(PREFIX)/share/glib-2.0/schemas/org.boardd.BoardGtk.gschema.xml
	[ -n "$(DESTDIR)" ] || glib-compile-schemas $(PREFIX)/share/glib-2.0/schemas

# CUnit test programs, run by tests/test-unit.sh and tests/test-integration.sh.
UNIT_OBJ = $(patsubst %.c,$(BUILD)/%.o,tests/runner.c $(wildcard tests/unit/*.c))
INTEG_OBJ = $(patsubst %.c,$(BUILD)/%.o,tests/runner.c $(wildcard tests/integration/*.c))
TEST_PROGRAMS = $(BUILD)/test-unit $(BUILD)/test-integration
tests: $(TEST_PROGRAMS)

# The bot's brains (brain*.c; Memory's: its card choice, brain-memory.c over mind-memory.c), the daemon's
# turns (turn.c) and its board (board.c and what it needs) with the games' rules are
# unit-tested too.
BRAIN_OBJ = $(patsubst %.c,$(BUILD)/%.o,$(wildcard clients/bot/brain*.c) clients/bot/mind-memory.c)
UNIT_DAEMON_OBJ = $(patsubst %.c,$(BUILD)/%.o,daemon/turn.c daemon/match.c daemon/board.c daemon/objects.c daemon/quota.c daemon/lobby.c daemon/config.c \
	daemon/log.c $(wildcard daemon/rules/*.c))
$(BUILD)/test-unit: $(UNIT_OBJ) $(BRAIN_OBJ) \
		$(UNIT_DAEMON_OBJ) $(BUILD)/libbdipc.a
	$(CC) $(LDFLAGS) -o $@ $^ -lcunit $(LDLIBS_BASE)

$(BUILD)/test-integration: $(INTEG_OBJ) $(BUILD)/libbdipc.a
	$(CC) $(LDFLAGS) -o $@ $^ -lcunit $(LDLIBS_BASE)

# ttt-match: tic-tac-toe's brain levels against a random mover and each other (the easy
# level's figures in the docs; test-rules checks that perfect never loses).
tests: $(BUILD)/ttt-match
$(BUILD)/ttt-match: $(BUILD)/tests/ttt-match.o $(BRAIN_OBJ) $(BUILD)/libbdipc.a
	$(CC) $(LDFLAGS) -o $@ $^ $(LDLIBS_BASE)

# view-compare: a table's view through a socket without shared memory against the mapped
# one, after every event (test-ssh, over an ssh-forwarded socket).
tests: $(BUILD)/view-compare
$(BUILD)/view-compare: $(BUILD)/tests/view-compare.o $(BUILD)/libbdipc.a
	$(CC) $(LDFLAGS) -o $@ $^ $(LDLIBS_BASE)

# memory-match: Memory's beginner level against a human-like test player and the perfect
# level, 50 games each on real boards in this process with a simulated clock (seconds);
# test-bot-beginner checks issue 18's targets, `make eval-memory` prints them (docs/PERFORMANCE.md).
tests: $(BUILD)/memory-match
$(BUILD)/memory-match: $(BUILD)/tests/memory-match.o $(BRAIN_OBJ) $(UNIT_DAEMON_OBJ) $(BUILD)/libbdipc.a
	$(CC) $(LDFLAGS) -o $@ $^ $(LDLIBS_BASE)
eval-memory: $(BUILD)/memory-match
	$(BUILD)/memory-match --games $(or $(EVAL_GAMES),50) --seed $(or $(EVAL_SEED),1)

# qwirkle-eval: Qwirkle's strong bot level against greedy and itself, 1,000 games of 2, 3
# and 4 seats each, in-process (docs/PERFORMANCE.md); minutes of CPU, so never in make check.
$(BUILD)/qwirkle-eval: $(BUILD)/tests/qwirkle-eval.o $(BRAIN_OBJ) $(BUILD)/libbdipc.a
	$(CC) $(LDFLAGS) -o $@ $^ $(LDLIBS_BASE)

.PHONY: eval-qwirkle-bot
eval-qwirkle-bot: $(BUILD)/qwirkle-eval
	$(BUILD)/qwirkle-eval --games $(or $(EVAL_GAMES),1000)

# tafl-match: Hnefatafl's brain against a random mover, a one-ply greedy player and its own
# levels, the codec refereeing; `make eval-tafl` is the issue's evaluation (hours at 1 s a
# move: never in make check). EVAL_TAFL_ARGS for a shorter run (docs/PERFORMANCE.md).
tests: $(BUILD)/tafl-match
$(BUILD)/tafl-match: $(BUILD)/tests/tafl-match.o $(BRAIN_OBJ) $(BUILD)/libbdipc.a
	$(CC) $(LDFLAGS) -o $@ $^ $(LDLIBS_BASE)
EVAL_TAFL_ARGS ?= --games 200 --think-ms 1000 --against random,greedy
eval-tafl: $(BUILD)/tafl-match
	$(BUILD)/tafl-match $(EVAL_TAFL_ARGS)

deps:
	@sh tests/deps.sh $(DEPS_BUILD) $(DEPS_GTK) $(DEPS_TUI)

deps-check:
	@sh tests/deps.sh $(DEPS_BUILD) $(DEPS_GTK) $(DEPS_TUI) $(DEPS_CHECK)

run: deps
	@$(MAKE) --no-print-directory all
	@sh tests/run-demo.sh $(BUILD)

check: deps-check
	@$(MAKE) --no-print-directory all tests
	@bash tests/run-all.sh $(BUILD)

# Installed layout; boardd.service's ExecStart and ExecStopPost are rewritten to $(SBINDIR)/boardd.
BINDIR = $(PREFIX)/bin
SBINDIR = $(PREFIX)/sbin
UNITDIR = $(PREFIX)/lib/systemd/system
SYSUSERSDIR = $(PREFIX)/lib/sysusers.d
MANDIR = $(PREFIX)/share/man
DOCDIR = $(PREFIX)/share/doc/boardd

install: $(BUILD)/boardd $(BUILD)/board-bot $(BUILD)/boardctl $(INSTALL_GTK) $(INSTALL_TUI)
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(SBINDIR) $(DESTDIR)$(UNITDIR) $(DESTDIR)$(SYSUSERSDIR) \
		$(DESTDIR)$(MANDIR)/man1 $(DESTDIR)$(MANDIR)/man5 $(DESTDIR)$(MANDIR)/man8 $(DESTDIR)$(DOCDIR)
	install -m 0755 $(BUILD)/boardd $(DESTDIR)$(SBINDIR)/boardd
	install -m 0755 $(BUILD)/board-bot $(BUILD)/boardctl $(DESTDIR)$(BINDIR)/
	sed 's|^\(Exec[A-Za-z]*=\)/usr/local/sbin/boardd|\1$(SBINDIR)/boardd|' systemd/boardd.service \
		>$(DESTDIR)$(UNITDIR)/boardd.service
	chmod 0644 $(DESTDIR)$(UNITDIR)/boardd.service
	install -m 0644 systemd/boardd.socket $(DESTDIR)$(UNITDIR)/boardd.socket
	install -m 0644 systemd/boardd.sysusers $(DESTDIR)$(SYSUSERSDIR)/boardd.conf
	install -m 0644 systemd/boardd.conf $(DESTDIR)$(DOCDIR)/boardd.conf.example
	for s in 1 5 8; do for m in docs/*.$$s; do [ ! -e "$$m" ] || \
		install -m 0644 "$$m" $(DESTDIR)$(MANDIR)/man$$s/ || exit 1; done; done

# Debian packages (debian/): dpkg-buildpackage in a clean copy of the tree, $(DEBDIR)/src,
# so that the .debs land in $(DEBDIR) and not beside the checkout.
DEBDIR ?= build-deb
.PHONY: deb check-deb
deb:
	@sh tests/deps.sh $(DEPS_BUILD) $(DEPS_GTK) debhelper
	rm -rf $(DEBDIR) && mkdir -p $(DEBDIR)/src/boardd
	tar --exclude=./.git --exclude='./build*' --exclude='./$(DEBDIR)' --exclude=./tests/out --exclude=./debian/build -cf - . | \
		tar -C $(DEBDIR)/src/boardd -xf -
	cd $(DEBDIR)/src/boardd && env -u MAKEFLAGS -u MAKELEVEL dpkg-buildpackage -us -uc -b -j$$(nproc)
	mv $(DEBDIR)/src/*.deb $(DEBDIR)/src/*.changes $(DEBDIR)/src/*.buildinfo $(DEBDIR)/

# The packages built, linted, installed under systemd, played, upgraded, removed and purged.
check-deb:
	@sh tests/deps.sh $(DEPS_BUILD) $(DEPS_GTK) $(DEPS_CHECK)
	@sh tests/check-deb.sh

clean:
	rm -rf build build-*

# --- Reliability (issue 5; docs/RELIABILITY.md): the fault-test driver, fuzzers, soak -----
# bd-fault drives tests/test-fault*.sh and friends; built with the tests, never installed.
FAULT_SRC = $(wildcard tests/fault/*.c)
tests: $(BUILD)/bd-fault
$(BUILD)/bd-fault: $(FAULT_SRC:%.c=$(BUILD)/%.o) $(BUILD)/libbdipc.a
	$(CC) $(LDFLAGS) -o $@ $^ $(LDLIBS_BASE)

# libFuzzer targets (fuzz/fuzz_*.c) need clang and libclang-rt-14-dev; they always build
# with their own sanitizers into build-fuzz/. `make fuzz` runs each for FUZZ_SECONDS, keeps
# inputs that add coverage in fuzz/corpus/<target>/ and crashes in fuzz/regress/<target>/.
FUZZ_TARGETS = req msg pub
FUZZ_SECONDS ?= 60
FUZZ_CC ?= clang
FUZZ_CFLAGS = -g -O1 -std=c11 -D_GNU_SOURCE -Wall -Wextra -Werror -I. \
	-fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all
.PHONY: fuzz-build
build-fuzz/fuzz_%: fuzz/fuzz_%.c $(IPC_SRC) $(wildcard ipc/*.h ipc/game/*.h)
	@mkdir -p build-fuzz
	$(FUZZ_CC) $(FUZZ_CFLAGS) -o $@ $< $(IPC_SRC) -lm
fuzz-build: $(FUZZ_TARGETS:%=build-fuzz/fuzz_%)
fuzz: fuzz-build
	@for t in $(FUZZ_TARGETS); do \
		rm -rf build-fuzz/work-$$t && mkdir -p build-fuzz/work-$$t fuzz/regress/$$t && \
		echo "fuzz_$$t: $(FUZZ_SECONDS) s" && \
		build-fuzz/fuzz_$$t -max_total_time=$(FUZZ_SECONDS) -max_len=16384 -print_final_stats=1 \
			-artifact_prefix=fuzz/regress/$$t/ build-fuzz/work-$$t fuzz/corpus/$$t \
			>build-fuzz/fuzz_$$t.log 2>&1 || { tail -n 40 build-fuzz/fuzz_$$t.log; exit 1; }; \
		grep -E '^stat::number_of_executed_units|^Done' build-fuzz/fuzz_$$t.log; \
		build-fuzz/fuzz_$$t -merge=1 fuzz/corpus/$$t build-fuzz/work-$$t >>build-fuzz/fuzz_$$t.log 2>&1 || exit 1; \
	done

# Sanitizer builds: LeakSanitizer ignores memory third-party libraries keep until exit
# (fontconfig under board-gtk), listed in tests/fault/lsan.supp.
ifneq ($(SANITIZE),)
export LSAN_OPTIONS = suppressions=$(CURDIR)/tests/fault/lsan.supp:print_suppressions=0
endif

# The long fault run: thousands of kills instead of make check's hundreds.
SOAK_KILLS ?= 10000
soak: all tests
	@BUILD=$(BUILD) CHAOS_KILLS=$(SOAK_KILLS) PARK_ROUNDS=20 sh tests/test-fault-chaos.sh
	@BUILD=$(BUILD) CHAOS_KILLS=$(SOAK_KILLS) PARK_ROUNDS=20 sh tests/test-fault-park.sh
# --- end of reliability ------------------------------------------------------------------

-include $(shell find $(BUILD) -name '*.d' 2>/dev/null)

# boardd-bench: boardd against the socket floor (docs/PERFORMANCE.md); BENCH_QUICK=1 is short.
BENCH_SRC = $(wildcard bench/*.c)
$(BUILD)/boardd-bench: $(BENCH_SRC:%.c=$(BUILD)/%.o) $(BRAIN_OBJ) $(BUILD)/libbdipc.a
	$(CC) $(LDFLAGS) -o $@ $^ $(LDLIBS_BASE)

# Qwirkle's secrecy over 1,000 whole games of 2, 3 and 4 seats through a real daemon: every
# line every client gets names no tile but its own hand's and the table's (docs/PERFORMANCE.md).
eval-qwirkle: $(BUILD)/boardd $(BUILD)/test-integration
	BD_QWIRKLE_GAMES=1000 $(BUILD)/test-integration qwirkle rematches

bench: $(BUILD)/boardd $(BUILD)/boardd-bench
	$(BUILD)/boardd-bench --boardd $(BUILD)/boardd --out bench/out/results.json $(if $(filter-out 0,$(BENCH_QUICK)),--quick)
