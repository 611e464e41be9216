/* samples.c: the clock and sets of samples with their percentiles. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench.h"

/* CLOCK_MONOTONIC in nanoseconds: comparable across the processes of one host. */
int64_t clock_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

void clock_sleep_ms(int ms)
{
	struct timespec ts = {.tv_sec = ms / 1000, .tv_nsec = (long)(ms % 1000) * 1000000};

	while (nanosleep(&ts, &ts) < 0)
		;
}

void samples_add(struct samples *s, double v)
{
	if (s->n == s->cap) {
		s->cap = s->cap ? 2 * s->cap : 256;
		s->v = realloc(s->v, s->cap * sizeof *s->v);
		if (s->v == NULL)
			abort();
	}
	s->v[s->n++] = v;
}

/* qsort order of doubles. */
static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

double samples_pct(struct samples *s, double p)
{
	if (s->n == 0)
		return NAN;
	qsort(s->v, s->n, sizeof *s->v, cmp_double);
	size_t rank = (size_t)ceil(p / 100.0 * (double)s->n);
	return s->v[rank == 0 ? 0 : rank - 1];
}

/* The median of a few values (repeated runs), without touching them. */
double samples_median(const double *v, size_t n)
{
	struct samples s = {0};

	for (size_t i = 0; i < n; i++)
		samples_add(&s, v[i]);
	double m = samples_pct(&s, 50);
	samples_free(&s);
	return m;
}

void samples_free(struct samples *s)
{
	free(s->v);
	memset(s, 0, sizeof *s);
}
