/* report.c: every figure of the run, printed as a table and written as results.json. */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "bench.h"

#define RESULTS_MAX 128
#define NOTES_MAX 32

static struct result results[RESULTS_MAX];
static unsigned nresults;
static char notes[NOTES_MAX][200];
static unsigned nnotes;

/* A new row, or NULL when the table is full. */
static struct result *report_row(const char *section, const char *name, const char *unit)
{
	if (nresults == RESULTS_MAX)
		return NULL;
	struct result *r = &results[nresults++];
	memset(r, 0, sizeof *r);
	snprintf(r->section, sizeof r->section, "%s", section);
	snprintf(r->name, sizeof r->name, "%s", name);
	snprintf(r->unit, sizeof r->unit, "%s", unit);
	r->p99 = r->base50 = r->base99 = NAN;
	return r;
}

void report_latency(const char *section, const char *name, struct samples *got, struct samples *floor,
		    const char *base)
{
	struct result *r = report_row(section, name, "us");

	if (r == NULL)
		return;
	r->p50 = samples_pct(got, 50);
	r->p99 = samples_pct(got, 99);
	if (floor != NULL) {
		r->base50 = samples_pct(floor, 50);
		r->base99 = samples_pct(floor, 99);
		snprintf(r->base, sizeof r->base, "%s", base);
	}
	snprintf(r->note, sizeof r->note, "%zu samples", got->n);
}

void report_value(const char *section, const char *name, const char *unit, double value, double base,
		  const char *basename, const char *note)
{
	struct result *r = report_row(section, name, unit);

	if (r == NULL)
		return;
	r->p50 = value;
	r->base50 = base;
	snprintf(r->base, sizeof r->base, "%s", basename ? basename : "");
	snprintf(r->note, sizeof r->note, "%s", note ? note : "");
}

void report_note(const char *fmt, ...)
{
	va_list ap;

	if (nnotes == NOTES_MAX)
		return;
	va_start(ap, fmt);
	vsnprintf(notes[nnotes++], sizeof notes[0], fmt, ap);
	va_end(ap);
}

/* A number for the table: "-" when absent, fewer decimals as it grows. */
static const char *fmt(char *buf, size_t len, double v)
{
	if (isnan(v))
		snprintf(buf, len, "-");
	else if (fabs(v) >= 1000)
		snprintf(buf, len, "%.0f", v);
	else if (fabs(v) >= 10)
		snprintf(buf, len, "%.1f", v);
	else
		snprintf(buf, len, "%.2f", v);
	return buf;
}

/* boardd over its floor; NAN when either is missing. */
static double ratio(double a, double b)
{
	return isnan(a) || isnan(b) || b == 0 ? NAN : a / b;
}

void report_print(void)
{
	char a[32], b[32], c[32], d[32], e[32], f[32];

	printf("\n%-10s %-46s %-5s %9s %9s %9s %9s %6s %6s  %s\n", "section", "figure", "unit", "p50", "p99",
	       "floor50", "floor99", "x50", "x99", "floor");
	for (unsigned i = 0; i < nresults; i++) {
		const struct result *r = &results[i];
		printf("%-10s %-46s %-5s %9s %9s %9s %9s %6s %6s  %s\n", r->section, r->name, r->unit,
		       fmt(a, sizeof a, r->p50), fmt(b, sizeof b, r->p99), fmt(c, sizeof c, r->base50),
		       fmt(d, sizeof d, r->base99), fmt(e, sizeof e, ratio(r->p50, r->base50)),
		       fmt(f, sizeof f, ratio(r->p99, r->base99)), r->base);
	}
	for (unsigned i = 0; i < nnotes; i++)
		printf("note: %s\n", notes[i]);
}

/* A JSON number, or null for NAN. */
static void json_num(FILE *f, const char *key, double v, const char *sep)
{
	if (isnan(v) || isinf(v))
		fprintf(f, "\"%s\": null%s", key, sep);
	else
		fprintf(f, "\"%s\": %.6g%s", key, v, sep);
}

/* A quoted JSON string; the texts written here hold no control characters. */
static void json_quoted(FILE *f, const char *s)
{
	fputc('"', f);
	for (; *s; s++)
		fprintf(f, *s == '"' || *s == '\\' ? "\\%c" : "%c", *s);
	fputc('"', f);
}

/* "key": "s" and a separator. */
static void json_str(FILE *f, const char *key, const char *s, const char *sep)
{
	fprintf(f, "\"%s\": ", key);
	json_quoted(f, s);
	fputs(sep, f);
}

int report_json(const char *path, const char *machine_json)
{
	FILE *f = fopen(path, "w");

	if (f == NULL)
		return -1;
	fprintf(f, "{\n  \"machine\": %s,\n  \"results\": [\n", machine_json);
	for (unsigned i = 0; i < nresults; i++) {
		const struct result *r = &results[i];
		fprintf(f, "    {");
		json_str(f, "section", r->section, ", ");
		json_str(f, "figure", r->name, ", ");
		json_str(f, "unit", r->unit, ", ");
		json_num(f, "p50", r->p50, ", ");
		json_num(f, "p99", r->p99, ", ");
		json_num(f, "floor_p50", r->base50, ", ");
		json_num(f, "floor_p99", r->base99, ", ");
		json_num(f, "ratio_p50", ratio(r->p50, r->base50), ", ");
		json_num(f, "ratio_p99", ratio(r->p99, r->base99), ", ");
		json_str(f, "floor", r->base, ", ");
		json_str(f, "note", r->note, "");
		fprintf(f, "}%s\n", i + 1 < nresults ? "," : "");
	}
	fprintf(f, "  ],\n  \"notes\": [");
	for (unsigned i = 0; i < nnotes; i++) {
		fprintf(f, "%s\n    ", i ? "," : "");
		json_quoted(f, notes[i]);
	}
	fprintf(f, "\n  ]\n}\n");
	return fclose(f);
}
