/* flood.c: floods. `bd-fault flood`: with the daemon at --max-connections MAX, a player and
 * a spectator connect, then connections until MAX are open (each greeted), then --extra
 * more (each must get ERR busy and be closed) while the player keeps picking and being
 * answered; once the flood is closed, a new connection is greeted again.
 * `bd-fault rate`: with the daemon at --max-rate RATE, one player sends picks as fast as it
 * can for --seconds S (3): at most the bucket's worth (2 RATE at once, RATE a second) are
 * served, the rest get ERR rate; another player picking meanwhile is never refused. */
#include "fault.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ipc/clock.h"

#define FLOOD_MAX 4096

/* One pick by p of any card; it must be answered (OK or ERR, but never ERR rate). */
static double flood_pick(struct bd_client *p)
{
	struct bd_msg r;
	int64_t t0 = now_us();

	if (player_request(p, &r, "pick %u %u", rnd(p->dim), rnd(p->dim)) == 1 && strcmp(r.word, "rate") == 0)
		die("a player who does not flood was refused for rate");
	return (double)(now_us() - t0) / 1000.0;
}

/* Open connection i of the flood; 1 if greeted, 0 if refused with ERR busy. */
static int flood_open(struct bd_client *c)
{
	char path[108], err[256];

	bd_default_socket(path, sizeof path);
	if (bd_client_connect(c, path, err, sizeof err) == 0)
		return 1;
	if (strstr(err, "refused the connection: busy") == NULL)
		die("a connection beyond the limit failed otherwise: %s", err);
	return 0;
}

/* The command: connections up to the limit, then beyond it. */
int cmd_flood(void)
{
	static struct bd_client conns[FLOOD_MAX];
	struct bd_client player, spectator;
	long max = opt_num("max", 32), extra = opt_num("extra", 100);
	unsigned greeted = 0, busy = 0;
	double worst = 0;

	opts_done();
	if (max < 3 || max + extra > FLOOD_MAX)
		die("--max wants 3 or more, --max plus --extra at most %d", FLOOD_MAX);
	player_enter(&player, "player", BD_ROLE_PLAYER);
	player_enter(&spectator, "spectator", BD_ROLE_SPECTATOR);
	int64_t t0 = now_us();
	for (long i = 0; i < max - 2 + extra; i++) {
		int ok = flood_open(&conns[i]);
		if (ok != (i < max - 2))
			die("connection %ld of %ld was %s", i + 3, max, ok ? "greeted beyond the limit" : "refused");
		greeted += ok;
		busy += !ok;
		double ms = i % 5 ? 0 : flood_pick(&player); /* well within the rate limit */
		worst = ms > worst ? ms : worst;
	}
	double secs = (double)(now_us() - t0) / 1e6;
	say("flood: %u connections greeted up to the limit %ld, %u refused with ERR busy, in %.2f s;"
	    " the player's picks meanwhile: worst reply %.2f ms", greeted + 2, max, busy, secs, worst);
	board_settled(1, (unsigned)max);
	for (long i = 0; i < max - 2; i++)
		bd_client_close(&conns[i]);
	board_settled(1, 2);
	struct bd_client late;
	if (!flood_open(&late))
		die("a connection after the flood was refused");
	bd_client_close(&late);
	bd_client_close(&player);
	bd_client_close(&spectator);
	say("flood: ok");
	return 0;
}

/* Send a burst of 64 picks from the flooder without waiting; returns how many were sent. */
static long rate_send(struct bd_client *f)
{
	char buf[64 * 16];
	size_t len = 0;
	long k = 64;

	for (long i = 0; i < k; i++)
		len += (size_t)snprintf(buf + len, sizeof buf - len, "pick %u %u\n", rnd(f->dim), rnd(f->dim));
	if (write(f->fd, buf, len) != (ssize_t)len)
		die("the flooder could not send");
	return k;
}

/* Count the flooder's replies read so far: served (OK or an ERR other than rate), refused. */
static long rate_replies(struct bd_client *f, long *served, long *refused, int ms)
{
	struct bd_msg m;
	long n = 0;

	while (bd_client_read(f, &m, ms) == 1) {
		if (m.kind == BD_MSG_ERR && strcmp(m.word, "rate") == 0)
			(*refused)++, n++;
		else if (m.kind == BD_MSG_OK || m.kind == BD_MSG_ERR)
			(*served)++, n++;
		ms = 0;
	}
	return n;
}

/* The command: a flood of picks from one player against the rate limit. */
int cmd_rate(void)
{
	struct bd_client f, other;
	long seconds = opt_num("seconds", 3), rate = opt_num("rate", 100), sent = 0, got = 0;
	long served = 0, refused = 0, others = 0;
	double worst = 0;

	opts_done();
	player_enter(&f, "flooder", BD_ROLE_PLAYER);
	player_enter(&other, "other", BD_ROLE_PLAYER);
	pid_t w = priv_map()->players[f.player].worker_pid;
	double cpu0 = proc_cpu_ms(w);
	int64_t t0 = now_us(), last = 0;
	for (int64_t end = t0 + seconds * 1000000; now_us() < end || got < sent;) {
		if (now_us() < end && sent - got < 256)
			sent += rate_send(&f);
		got += rate_replies(&f, &served, &refused, 10);
		if (now_us() - last < 1000000 / rate * 2)
			continue; /* the other player stays at half the rate */
		last = now_us();
		double ms = flood_pick(&other);
		worst = ms > worst ? ms : worst;
		others++;
	}
	double secs = (double)(now_us() - t0) / 1e6, cpu = proc_cpu_ms(w) - cpu0;
	say("rate: %ld picks in %.2f s at --max-rate %ld: %ld served, %ld refused with ERR rate", sent, secs,
	    rate, served, refused);
	say("rate: the flooder's worker used %.0f ms of CPU (%.1f us a request); another player's %ld"
	    " picks meanwhile: none refused, worst reply %.2f ms", cpu, cpu * 1000.0 / (double)sent, others, worst);
	if (refused == 0 || served > 2 * rate + (long)(secs * (double)rate) + 2)
		die("the rate limit did not hold: %ld served in %.2f s at %ld a second (bursts of %ld)", served,
		    secs, rate, 2 * rate);
	bd_client_close(&f);
	bd_client_close(&other);
	say("rate: ok");
	return 0;
}
