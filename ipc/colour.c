/* colour.c: colour index to RGB. */
#include "colour.h"

#include <math.h>
#include <stdio.h>

static const uint32_t okabe_ito[] = {
	0xE69F00, 0x56B4E9, 0x009E73, 0xF0E442, 0x0072B2, 0xD55E00, 0xCC79A7, 0x999999,
};
#define NPALETTE (sizeof okabe_ito / sizeof okabe_ito[0])

/* HSV (h in [0,360), s and v in [0,1]) to 0xRRGGBB. */
static uint32_t hsv_rgb(double h, double s, double v)
{
	double c = v * s, hp = h / 60.0, x = c * (1 - fabs(fmod(hp, 2) - 1));
	double r = 0, g = 0, b = 0, m = v - c;
	switch ((int)hp) {
	case 0: r = c; g = x; break;
	case 1: r = x; g = c; break;
	case 2: g = c; b = x; break;
	case 3: g = x; b = c; break;
	case 4: r = x; b = c; break;
	default: r = c; b = x; break;
	}
	return (uint32_t)((r + m) * 255) << 16 | (uint32_t)((g + m) * 255) << 8 | (uint32_t)((b + m) * 255);
}

uint32_t bd_colour_rgb(unsigned i)
{
	if (i < NPALETTE)
		return okabe_ito[i];
	/* Golden angle steps, not rounded to whole degrees: whole degrees repeat every 360
	 * indices, and every seat (up to BD_PLAYERS_MAX) needs a colour of its own. */
	double hue = fmod((i - NPALETTE) * 137.50776405003785, 360.0);
	return hsv_rgb(hue, 0.55 + 0.15 * (i % 3), 0.85 - 0.1 * (i % 2));
}

void bd_colour_hex(unsigned i, char *buf)
{
	snprintf(buf, 8, "#%06x", (unsigned)bd_colour_rgb(i));
}
