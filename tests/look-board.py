# look-board.py PID PNG SCALE KIND...: the contrast of the text Memory's board draws (cairo,
# not widgets: look-contrast.py leaves the board out), measured in the screenshot PNG of the
# window of PID. The cards and their extents come from AT-SPI (the board's cells, named by
# a11y.c: "face up, QE, turned by Alan", "locked, ..."), in the window's own pixels; SCALE
# (GDK_SCALE) turns them into the screenshot's. Where view-memory.c and paint.c draw each
# text on a card of side s, a box inside the glyphs' room:
#   value   a face-up or locked card's two letters, 0.34 s high at the card's middle;
#   badge   the player's initials on the disc at (0.22 s, 0.22 s), radius 0.11 s or 9 px;
#   clock   a first pick's seconds on the hub (0.62 of the clock's radius) at (0.78 s, 0.22 s).
# A box of one colour has no text (a first pick made before the window started has no
# clock: its start is unknown). In a box the background is its commonest colour and the text's colour the one farthest
# from it in WCAG contrast among those of 3 pixels or more (antialiased edges blend with the
# background, each shade on a pixel or two; stems reach the full colour). Prints each kind's
# lowest: "kind ratio count |#fg on #bg card N", after "height PX card N", the height of the
# first value's letters in the screenshot; exits 1 if any text is under 4.5:1 or a KIND
# asked for was not found on a card the window shows.
import importlib.util
import os
import sys

from atspi import find_app, walk
from gi.repository import Atspi

_spec = importlib.util.spec_from_file_location("look_contrast", os.path.join(os.path.dirname(__file__), "look-contrast.py"))
look_contrast = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(look_contrast)
ratio, screen = look_contrast.ratio, look_contrast.screen

BADGE_MIN = 18  # paint.c's PAINT_BADGE_MIN: a badge's smallest width, in the window's pixels


def boxes(name, x, y, s, scale):
    """(kind, box) of each text a card of side s at x, y (screen pixels) shows, by its name."""
    if ", face up, " not in name and ", locked, " not in name:
        return
    half = 0.34 * s * 0.36  # the letters' middle rows, off the badge and the clock
    yield "value", (x + 0.3 * s, y + 0.55 * s - half, x + 0.7 * s, y + 0.55 * s + half)
    badge = max(0.11 * s, scale * BADGE_MIN / 2) * 0.55
    yield "badge", (x + 0.22 * s - badge, y + 0.22 * s - badge, x + 0.22 * s + badge, y + 0.22 * s + badge)
    if ", face up, " in name and not name.endswith(", no pair") and s >= 40 * scale:
        hub = max(0.13 * s, scale * BADGE_MIN / 2) * 0.62 * 0.8
        yield "clock", (x + 0.78 * s - hub, y + 0.22 * s - hub, x + 0.78 * s + hub, y + 0.22 * s + hub)


def measure(rgb, width, box):
    """(ratio, fg, bg) of the text in box: the commonest colour, the farthest frequent one."""
    x0, y0, x1, y1 = (int(round(v)) for v in box)
    counts = {}
    for y in range(y0, y1):
        for x in range(x0, x1):
            p = tuple(rgb[3 * (y * width + x):3 * (y * width + x) + 3])
            counts[p] = counts.get(p, 0) + 1
    bg = max(counts, key=counts.get)
    fg = max((p for p, n in counts.items() if n >= 3), key=lambda p: ratio(p, bg))
    return ratio(fg, bg), fg, bg


def letters(rgb, width, x, y, s, text):
    """Rows of the card at x, y of side s that hold pixels of the value's colour text: the
    height of its letters, to compare at two scales."""
    rows = [r for r in range(int(y + 0.3 * s), int(y + 0.85 * s))
            if any(tuple(rgb[3 * (r * width + c):3 * (r * width + c) + 3]) == text for c in range(int(x + 0.25 * s), int(x + 0.75 * s)))]
    return rows[-1] - rows[0] + 1 if rows else 0


def main():
    pid, png, scale, kinds = int(sys.argv[1]), sys.argv[2], int(sys.argv[3]), sys.argv[4:]
    width, height, rgb = screen(png)
    table = next((o for o in walk(find_app(pid)) if o.get_role() == Atspi.Role.TABLE), None)
    if table is None:
        sys.exit("no board in the window of %d" % pid)
    t = table.get_extents(Atspi.CoordType.SCREEN)
    view = (t.x * scale, t.y * scale, min((t.x + t.width) * scale, width), min((t.y + t.height) * scale, height))
    lowest, tall = {}, None
    for i in range(table.get_child_count()):
        cell = table.get_child_at_index(i)
        e = cell.get_extents(Atspi.CoordType.SCREEN)
        x, y, s = e.x * scale, e.y * scale, e.width * scale
        if x < view[0] or y < view[1] or x + s > view[2] or y + s > view[3]:
            continue  # scrolled out of sight
        for kind, box in boxes(cell.get_name(), x, y, s, scale):
            r, fg, bg = measure(rgb, width, box)
            if fg == bg:
                continue  # one colour: nothing drawn there (a clock this window cannot know)
            if kind == "value" and tall is None:
                face = measure(rgb, width, (x + 0.25 * s, y + 0.3 * s, x + 0.75 * s, y + 0.85 * s))[2]
                tall = letters(rgb, width, x, y, s, fg if bg == face else bg), i
            n = lowest.get(kind, (99, 0))[1] + 1
            if r < lowest.get(kind, (99,))[0]:
                lowest[kind] = (r, n, "#%02x%02x%02x on #%02x%02x%02x card %d" % (fg + bg + (i,)))
            else:
                lowest[kind] = lowest[kind][:1] + (n,) + lowest[kind][2:]
    bad = 0
    if tall is not None:
        print("height %d card %d" % tall)
    for kind in sorted(set(kinds) | set(lowest)):
        if kind not in lowest:
            print("%s not found on the board" % kind)
            bad += 1
            continue
        r, n, where = lowest[kind]
        print("%s %.2f %d |%s" % (kind, r, n, where))
        bad += r < 4.5
    sys.exit(1 if bad else 0)


main()
