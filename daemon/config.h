/* config.h: boardd's settings, from /etc/boardd.conf and the command line alike.
 * Each setting has one name (the file's key is the long option's name) and is checked by
 * one function, config_set, whichever of the two it came from. */
#ifndef BD_CONFIG_H
#define BD_CONFIG_H

#include <stddef.h>
#include <stdio.h>

#include "supervisor.h"

#define CONFIG_DEFAULT_PATH "/etc/boardd.conf"
#define CONFIG_BOARDS_MAX 256
#define CONFIG_KEYS_MAX 32 /* room for every setting */

/* Where a setting's value came from, for status. */
enum config_from { CONFIG_FROM_DEFAULT, CONFIG_FROM_FILE, CONFIG_FROM_ARGS };

struct config {
	struct board_settings boards[CONFIG_BOARDS_MAX]; /* name and dim; the rest at finish */
	long long board_turn[CONFIG_BOARDS_MAX][3]; /* a table's own move-limit, clock, increment; -1: the common one */
	unsigned nboards;
	int new_board_list;     /* the next board starts a new list (a later source replaces) */
	long long num[CONFIG_KEYS_MAX]; /* numeric settings, by index in config.c's table */
	char socket_path[108];
	char prefix[40];
	char log_level[16];
	char exempt_group[64];  /* as written; its gid is in num[] (-1: none) */
	char source[256];       /* the file read, for --check-config; empty if none */
	unsigned char from[CONFIG_KEYS_MAX]; /* where each setting came from (enum config_from) */
	unsigned char reading;  /* the source being read now (enum config_from) */
	struct supervisor_opts opts; /* filled by config_finish */
	int level;                   /* LOG_* threshold, filled by config_finish */
};

/* Built-in defaults (socket and prefix honour $BOARDD_SOCKET and $BOARDD_SHM_PREFIX). */
void config_init(struct config *c);
/* The range of numeric setting key: 0, or -1 if there is none of that name. */
int config_range(const char *key, long long *lo, long long *hi);
/* The number of settings and the name of setting i: for getopt's table. */
unsigned config_count(void);
const char *config_name(unsigned i);
/* Check value and store it under key. 0, or -1 with err completing "KEY ..." ("must be ..."). */
int config_set(struct config *c, const char *key, const char *value, char *err, size_t errlen);
/* The boards given from now on replace the earlier source's boards. */
void config_new_source(struct config *c);
/* Read a `key = value` file. A missing file is fine unless required. 0, or -1 with err
 * "FILE:LINE: message" or "cannot read FILE: reason". */
int config_load(struct config *c, const char *path, int required, char *err, size_t errlen);
/* Fill in the default board and every board's timings; set opts and level. */
void config_finish(struct config *c);
/* The effective settings as status's lines, "SETTING NAME FROM VALUE" (FROM: default, file
 * or command-line; a line per board), into buf. */
void config_status(const struct config *c, char *buf, size_t len);
/* One line of --help per setting, with its default. */
void config_usage(FILE *f);
/* The effective settings, as a file config_load would read back. */
void config_print(const struct config *c, FILE *f);

#endif
