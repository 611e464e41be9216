# look-contrast.py PID PNG [SCALE]: the contrast of every text the window of PID shows,
# measured in the screenshot PNG (the whole screen, `import -window root`); SCALE (GDK_SCALE)
# turns AT-SPI's extents, in the window's own pixels, into the screenshot's. Each text is a showing,
# sensitive accessible with a name (a label, a button...) and its extents on screen, clipped
# to the window; in that box the background is the commonest pixel colour and the text's
# colour the pixel farthest from it in WCAG contrast (glyph stems reach the full colour).
# Prints one line per text: ratio, role, name; exits 1 if any is under 4.5:1, or if fewer than
# 5 texts were found. Disabled controls are left out (WCAG exempts them).
import subprocess
import sys
import gi
gi.require_version("Atspi", "2.0")
from gi.repository import Atspi

TEXT_ROLES = (Atspi.Role.LABEL, Atspi.Role.PUSH_BUTTON, Atspi.Role.TOGGLE_BUTTON, Atspi.Role.RADIO_BUTTON,
              Atspi.Role.CHECK_BOX, Atspi.Role.LINK, Atspi.Role.MENU_ITEM)
BUTTONS = (Atspi.Role.PUSH_BUTTON, Atspi.Role.TOGGLE_BUTTON, Atspi.Role.RADIO_BUTTON, Atspi.Role.CHECK_BOX)

def screen(path):
    """The screenshot as (width, height, bytes of RGB)."""
    ppm = subprocess.run(["convert", path, "-depth", "8", "ppm:-"], check=True, stdout=subprocess.PIPE).stdout
    fields, pos = [], 0
    while len(fields) < 4:  # P6 width height maxval, then one whitespace byte
        while ppm[pos:pos + 1].isspace():
            pos += 1
        end = pos
        while not ppm[end:end + 1].isspace():
            end += 1
        fields.append(ppm[pos:end])
        pos = end
    return int(fields[1]), int(fields[2]), ppm[pos + 1:]

def lum(p):
    lin = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in (v / 255 for v in p)]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]

def ratio(a, b):
    x, y = sorted((lum(a), lum(b)))
    return (y + 0.05) / (x + 0.05)

def box_of(o, scale):
    """The extents of o on the screenshot: (x0, y0, x1, y1)."""
    e = o.get_extents(Atspi.CoordType.SCREEN)
    return e.x * scale, e.y * scale, (e.x + e.width) * scale, (e.y + e.height) * scale

def texts(o, window, scale):
    """(role, name, box) of every showing, sensitive accessible with a name, under o."""
    if o.get_role() == Atspi.Role.TABLE:
        return  # the board: drawn, not text widgets (its colours: look-palette.py)
    states = o.get_state_set()
    if not states.contains(Atspi.StateType.SHOWING):
        return
    name = (o.get_name() or "").strip()
    if o.get_role() in TEXT_ROLES and name and states.contains(Atspi.StateType.SENSITIVE):
        e = box_of(o, scale)
        inset = 4 * scale if o.get_role() in BUTTONS else 0  # a button's frame is not its text
        x0, y0 = max(e[0] + inset, window[0]), max(e[1] + inset, window[1])
        x1, y1 = min(e[2] - inset, window[2]), min(e[3] - inset, window[3])
        if x1 - x0 >= 4 and y1 - y0 >= 4:
            yield o.get_role().value_nick, name, (x0, y0, x1, y1)
    for i in range(o.get_child_count()):
        c = o.get_child_at_index(i)
        if c is not None:
            yield from texts(c, window, scale)

def main():
    pid, png, scale = int(sys.argv[1]), sys.argv[2], int(sys.argv[3]) if len(sys.argv) > 3 else 1
    desk = Atspi.get_desktop(0)
    apps = [desk.get_child_at_index(i) for i in range(desk.get_child_count())]
    app = next((a for a in apps if a is not None and a.get_process_id() == pid), None)
    if app is None:
        sys.exit("no accessible application with pid %d" % pid)
    width, height, rgb = screen(png)
    bad = found = 0
    for i in range(app.get_child_count()):
        win = app.get_child_at_index(i)
        if win is None or not win.get_state_set().contains(Atspi.StateType.SHOWING):
            continue
        e = box_of(win, scale)
        box = (max(e[0], 0), max(e[1], 0), min(e[2], width), min(e[3], height))
        for role, name, (x0, y0, x1, y1) in texts(win, box, scale):
            pixels = [tuple(rgb[3 * (y * width + x):3 * (y * width + x) + 3]) for y in range(y0, y1) for x in range(x0, x1)]
            counts = {}
            for p in pixels:
                counts[p] = counts.get(p, 0) + 1
            bg = max(counts, key=counts.get)
            fg = max(counts, key=lambda p: ratio(p, bg))
            r = ratio(fg, bg)
            found += 1
            bad += r < 4.5
            print("%5.2f %s %s|#%02x%02x%02x on #%02x%02x%02x" % ((r, role, name.replace("\n", " ")[:60]) + fg + bg))
    if found < 5:
        sys.exit("only %d texts found in the window of %d" % (found, pid))
    sys.exit(1 if bad else 0)

if __name__ == "__main__":  # look-board.py borrows screen and ratio
    main()
