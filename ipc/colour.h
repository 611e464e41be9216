/* colour.h: player colour indices and their RGB values.
 * The first eight are the Okabe-Ito colour-blind-safe palette; later ones are spread around
 * the hue circle. Colour is never the only cue: clients also show the player's initial. */
#ifndef BD_COLOUR_H
#define BD_COLOUR_H

#include <stdint.h>

/* 0xRRGGBB of colour index i. */
uint32_t bd_colour_rgb(unsigned i);
/* "#rrggbb" into buf (at least 8 bytes). */
void bd_colour_hex(unsigned i, char *buf);

#endif
