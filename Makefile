# boardd: see README.md. `make run` plays a live game, `make check` runs every test.
PREFIX ?= /usr/local
DESTDIR ?=
SANITIZE ?=
CC ?= cc
ifeq ($(SANITIZE),)
BUILD ?= build
SANFLAGS =
else
BUILD ?= build-$(subst $(comma),-,$(SANITIZE))
SANFLAGS = -fsanitize=$(SANITIZE) -fno-omit-frame-pointer -fno-sanitize-recover=all
endif
comma := ,

CFLAGS ?= -O2 -g
CFLAGS += -std=c11 -D_GNU_SOURCE -Wall -Wextra -Werror -I. $(SANFLAGS) $(EXTRA_CFLAGS)
LDFLAGS += $(SANFLAGS)
LDLIBS_BASE = -lm -pthread

# Debian packages each part needs; `make deps` installs them as root or names the line to run.
DEPS_BUILD = gcc make pkg-config libc6-dev
DEPS_GTK = libgtk-3-dev
DEPS_CHECK = libcunit1-dev xvfb xdotool imagemagick x11-utils socat valgrind systemd procps util-linux

IPC_SRC = $(wildcard ipc/*.c)
IPC_OBJ = $(IPC_SRC:%.c=$(BUILD)/%.o)
DAEMON_SRC = $(wildcard daemon/*.c)
DAEMON_OBJ = $(DAEMON_SRC:%.c=$(BUILD)/%.o)
BOT_SRC = $(wildcard clients/bot/*.c)
BOT_OBJ = $(BOT_SRC:%.c=$(BUILD)/%.o)
CTL_SRC = $(wildcard clients/ctl/*.c)
CTL_OBJ = $(CTL_SRC:%.c=$(BUILD)/%.o)
GTK_SRC = $(wildcard clients/gtk/*.c)
GTK_OBJ = $(GTK_SRC:%.c=$(BUILD)/%.o)

PROGRAMS = $(BUILD)/boardd $(BUILD)/board-bot $(BUILD)/boardctl $(BUILD)/boardd-testhooks
ifneq ($(GTK_SRC),)
ifneq ($(shell pkg-config --exists gtk+-3.0 2>/dev/null && echo yes),)
PROGRAMS += $(BUILD)/board-gtk
GTK_CFLAGS := $(shell pkg-config --cflags gtk+-3.0)
GTK_LIBS := $(shell pkg-config --libs gtk+-3.0)
endif
endif

.PHONY: all deps deps-check run check clean install fuzz soak bench
all: $(PROGRAMS)

$(BUILD)/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -MMD -MP -c $< -o $@

$(BUILD)/clients/gtk/%.o: clients/gtk/%.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -Wno-deprecated-declarations $(GTK_CFLAGS) -MMD -MP -c $< -o $@

$(BUILD)/libbdipc.a: $(IPC_OBJ)
	$(AR) rcs $@ $^

$(BUILD)/boardd: $(DAEMON_OBJ) $(BUILD)/libbdipc.a
	$(CC) $(LDFLAGS) -o $@ $^ $(LDLIBS_BASE)

# The daemon with test-only hooks (BD_TEST_HOOKS): never installed, used by fault tests.
$(BUILD)/hooks/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -DBD_TEST_HOOKS -MMD -MP -c $< -o $@

$(BUILD)/boardd-testhooks: $(DAEMON_SRC:%.c=$(BUILD)/hooks/%.o) $(BUILD)/libbdipc.a
	$(CC) $(LDFLAGS) -o $@ $^ $(LDLIBS_BASE)

$(BUILD)/board-bot: $(BOT_OBJ) $(BUILD)/libbdipc.a
	$(CC) $(LDFLAGS) -o $@ $^ $(LDLIBS_BASE)

$(BUILD)/boardctl: $(CTL_OBJ) $(BUILD)/libbdipc.a
	$(CC) $(LDFLAGS) -o $@ $^ $(LDLIBS_BASE)

$(BUILD)/board-gtk: $(GTK_OBJ) $(BUILD)/libbdipc.a
	$(CC) $(LDFLAGS) -o $@ $^ $(GTK_LIBS) $(LDLIBS_BASE)

deps:
	@sh tests/deps.sh $(DEPS_BUILD) $(DEPS_GTK)

deps-check:
	@sh tests/deps.sh $(DEPS_BUILD) $(DEPS_GTK) $(DEPS_CHECK)

run: deps
	@$(MAKE) --no-print-directory all
	@sh tests/run-demo.sh $(BUILD)

check: deps-check
	@$(MAKE) --no-print-directory all
	@sh tests/run-all.sh $(BUILD)

clean:
	rm -rf build build-*

-include $(shell find $(BUILD) -name '*.d' 2>/dev/null)

# boardd-bench: boardd against the socket floor (docs/PERFORMANCE.md); BENCH_QUICK=1 is short.
BENCH_SRC = $(wildcard bench/*.c)
$(BUILD)/boardd-bench: $(BENCH_SRC:%.c=$(BUILD)/%.o) $(BUILD)/libbdipc.a
	$(CC) $(LDFLAGS) -o $@ $^ $(LDLIBS_BASE)

bench: $(BUILD)/boardd $(BUILD)/boardd-bench
	$(BUILD)/boardd-bench --boardd $(BUILD)/boardd --out bench/out/results.json $(if $(filter-out 0,$(BENCH_QUICK)),--quick)
