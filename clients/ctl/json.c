/* json.c: the JSON writer behind boardctl --json. */
#include "json.h"

#include <inttypes.h>

void json_start(struct json *j, FILE *f)
{
	j->f = f;
	j->depth = 0;
	j->more[0] = 0;
}

void json_finish(struct json *j)
{
	fputc('\n', j->f);
}

/* Write s as a JSON string. Bytes that are not printable ASCII are escaped as \u00XX, so
 * the output is valid (ASCII) JSON whatever a damaged segment holds. */
static void json_quote(FILE *f, const char *s)
{
	fputc('"', f);
	for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
		if (*p == '"' || *p == '\\')
			fprintf(f, "\\%c", *p);
		else if (*p == '\n')
			fputs("\\n", f);
		else if (*p == '\t')
			fputs("\\t", f);
		else if (*p < 0x20 || *p >= 0x7f)
			fprintf(f, "\\u%04x", *p);
		else
			fputc(*p, f);
	}
	fputc('"', f);
}

/* The separator and key before a value at the current depth. */
static void json_key(struct json *j, const char *key)
{
	if (j->more[j->depth])
		fputc(',', j->f);
	j->more[j->depth] = 1;
	if (key != NULL) {
		json_quote(j->f, key);
		fputc(':', j->f);
	}
}

/* Open a container whose closing character is close. */
static void json_open(struct json *j, const char *key, char open, char close)
{
	json_key(j, key);
	fputc(open, j->f);
	if (j->depth + 1 < JSON_DEPTH) {
		j->depth++;
		j->close[j->depth] = close;
		j->more[j->depth] = 0;
	}
}

void json_object(struct json *j, const char *key)
{
	json_open(j, key, '{', '}');
}

void json_array(struct json *j, const char *key)
{
	json_open(j, key, '[', ']');
}

void json_close(struct json *j)
{
	if (j->depth > 0)
		fputc(j->close[j->depth--], j->f);
}

void json_str(struct json *j, const char *key, const char *s)
{
	json_key(j, key);
	if (s == NULL)
		fputs("null", j->f);
	else
		json_quote(j->f, s);
}

void json_uint(struct json *j, const char *key, uint64_t v)
{
	json_key(j, key);
	fprintf(j->f, "%" PRIu64, v);
}

void json_int(struct json *j, const char *key, int64_t v)
{
	json_key(j, key);
	fprintf(j->f, "%" PRId64, v);
}

void json_bool(struct json *j, const char *key, int v)
{
	json_key(j, key);
	fputs(v ? "true" : "false", j->f);
}

void json_null(struct json *j, const char *key)
{
	json_key(j, key);
	fputs("null", j->f);
}
