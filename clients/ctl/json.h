/* json.h: a tiny streaming JSON writer for boardctl --json: compact, one document per line,
 * keys in the order they are written (so the output is stable for scripts). */
#ifndef CTL_JSON_H
#define CTL_JSON_H

#include <stdint.h>
#include <stdio.h>

#define JSON_DEPTH 8

struct json {
	FILE *f;
	int depth;
	char close[JSON_DEPTH];         /* '}' or ']' for each open container */
	unsigned char more[JSON_DEPTH]; /* a value was already written at this depth */
};

/* Start a document on f; its top-level value comes next. */
void json_start(struct json *j, FILE *f);
/* End the document with a newline. */
void json_finish(struct json *j);

/* Open an object or array; key is NULL at the top level and inside arrays. */
void json_object(struct json *j, const char *key);
void json_array(struct json *j, const char *key);
void json_close(struct json *j);

/* Values; json_str writes null for a NULL string. */
void json_str(struct json *j, const char *key, const char *s);
void json_uint(struct json *j, const char *key, uint64_t v);
void json_int(struct json *j, const char *key, int64_t v);
void json_bool(struct json *j, const char *key, int v);
void json_null(struct json *j, const char *key);

#endif
