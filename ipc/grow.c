/* grow.c: growing arrays (grow.h). */
#include "grow.h"

#include <stdlib.h>
#include <string.h>

void *bd_grow(void *arrp, size_t n, size_t *cap, size_t size)
{
	char **arr = arrp;

	if (n == *cap) {
		size_t ncap = *cap ? *cap * 2 : 16;
		char *p = realloc(*arr, ncap * size);
		if (p == NULL)
			return NULL;
		*arr = p;
		*cap = ncap;
	}
	return memset(*arr + n * size, 0, size);
}
