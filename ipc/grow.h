/* grow.h: the one array-growing helper of daemon and clients. */
#ifndef BD_GROW_H
#define BD_GROW_H

#include <stddef.h>

/* Room for one more element in the array *arrp (n used of *cap, each size bytes; the
 * capacity doubles from 16): the new one, zeroed, or NULL when out of memory (the array is
 * kept as it was). */
void *bd_grow(void *arrp, size_t n, size_t *cap, size_t size);

#endif
