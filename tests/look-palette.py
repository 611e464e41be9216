# look-palette.py CSS...: board-gtk's colours as board-gtk.css and its variants define them
# (the first file, each later one over it), checked for each file in turn; exits 1 with the
# failures.
#   - the 8 player colours stay apart: CIEDE2000 >= MIN_DE between any two, with normal sight
#     and with simulated deuteranopia, protanopia and tritanopia (Machado, Oliveira and
#     Fernandes 2009, severity 1, in linear RGB);
#   - the keyboard cursor: its ring or its halo is at 3:1 or more (WCAG, non-text) on every
#     player colour, the card back and face and the board's background;
#   - each text colour of the side panel's boxes is at 4.5:1 or more on its box.
import itertools, math, re, sys

MIN_DE = 15  # well past "a noticeable difference" (about 2): two colours told apart at a glance
CVD = {
    "deuteranopia": [[0.367322, 0.860646, -0.227968], [0.280085, 0.672501, 0.047413], [-0.011820, 0.042940, 0.968881]],
    "protanopia": [[0.152286, 1.052583, -0.204868], [0.114503, 0.786281, 0.099216], [-0.003882, -0.048116, 1.051998]],
    "tritanopia": [[1.255528, -0.076749, -0.178779], [-0.078411, 0.930809, 0.147602], [0.004733, 0.691367, 0.303900]],
    "normal sight": [[1, 0, 0], [0, 1, 0], [0, 0, 1]],
}
TEXT = [("to_move_fg", "to_move_bg"), ("win_fg", "win_bg"), ("lose_fg", "lose_bg"),
        ("note_fg", "note_bg"), ("refused_fg", "refused_bg")]

def linear(c):
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

def lab(lin):
    """CIELAB (D65) of linear RGB."""
    x = 0.4124564 * lin[0] + 0.3575761 * lin[1] + 0.1804375 * lin[2]
    y = 0.2126729 * lin[0] + 0.7151522 * lin[1] + 0.0721750 * lin[2]
    z = 0.0193339 * lin[0] + 0.1191920 * lin[1] + 0.9503041 * lin[2]
    f = lambda t: t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116
    fx, fy, fz = f(x / 0.95047), f(y), f(z / 1.08883)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)

def seen(rgb, m):
    """CIELAB of rgb (0-255) as an eye of matrix m sees it."""
    lin = [linear(c / 255) for c in rgb]
    return lab([min(1, max(0, sum(m[i][j] * lin[j] for j in range(3)))) for i in range(3)])

def de2000(p, q):
    """CIEDE2000 colour difference (Sharma, Wu and Dalal's formulation)."""
    (l1, a1, b1), (l2, a2, b2) = p, q
    cb = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(cb ** 7 / (cb ** 7 + 25 ** 7)))
    a1, a2 = (1 + g) * a1, (1 + g) * a2
    c1, c2 = math.hypot(a1, b1), math.hypot(a2, b2)
    h1, h2 = math.degrees(math.atan2(b1, a1)) % 360, math.degrees(math.atan2(b2, a2)) % 360
    dh = 0 if c1 * c2 == 0 else (h2 - h1 + 180) % 360 - 180
    dl, dc, dhh = l2 - l1, c2 - c1, 2 * math.sqrt(c1 * c2) * math.sin(math.radians(dh / 2))
    lb, cbp = (l1 + l2) / 2, (c1 + c2) / 2
    if c1 * c2 == 0:
        hb = h1 + h2
    elif abs(h1 - h2) <= 180:
        hb = (h1 + h2) / 2
    else:
        hb = (h1 + h2 + 360) / 2 if h1 + h2 < 360 else (h1 + h2 - 360) / 2
    t = (1 - 0.17 * math.cos(math.radians(hb - 30)) + 0.24 * math.cos(math.radians(2 * hb))
         + 0.32 * math.cos(math.radians(3 * hb + 6)) - 0.20 * math.cos(math.radians(4 * hb - 63)))
    rc = 2 * math.sqrt(cbp ** 7 / (cbp ** 7 + 25 ** 7))
    rt = -math.sin(math.radians(60 * math.exp(-((hb - 275) / 25) ** 2))) * rc
    sl = 1 + 0.015 * (lb - 50) ** 2 / math.sqrt(20 + (lb - 50) ** 2)
    sc, sh = 1 + 0.045 * cbp, 1 + 0.015 * cbp * t
    return math.sqrt((dl / sl) ** 2 + (dc / sc) ** 2 + (dhh / sh) ** 2 + rt * (dc / sc) * (dhh / sh))

def contrast(p, q):
    """WCAG contrast ratio of two sRGB colours (0-255)."""
    lum = lambda c: 0.2126 * linear(c[0] / 255) + 0.7152 * linear(c[1] / 255) + 0.0722 * linear(c[2] / 255)
    a, b = sorted((lum(p), lum(q)))
    return (b + 0.05) / (a + 0.05)

def colours(path, into):
    """The @define-color name #rrggbb lines of a stylesheet, over those in into."""
    for name, hexa in re.findall(r"@define-color\s+(\w+)\s+#([0-9a-fA-F]{6})\s*;", open(path).read()):
        into[name] = tuple(int(hexa[i:i + 2], 16) for i in (0, 2, 4))
    return into

def check(path, c):
    bad = []
    players = [c.get("player_%d" % i) for i in range(8)]
    if None in players:
        return ["%s: player_0 to player_7 are not all defined" % path]
    for eye, m in CVD.items():
        seen_as = [seen(p, m) for p in players]
        for i, j in itertools.combinations(range(8), 2):
            d = de2000(seen_as[i], seen_as[j])
            if d < MIN_DE:
                bad.append("%s: players %d and %d are %.1f apart with %s (< %d)" % (path, i, j, d, eye, MIN_DE))
    for name in ["player_%d" % i for i in range(8)] + ["card_back", "card_face", "board_bg"]:
        best = max(contrast(c["board_cursor"], c[name]), contrast(c["board_cursor_halo"], c[name]))
        if best < 3:
            bad.append("%s: the cursor is at %.2f:1 on %s (< 3)" % (path, best, name))
    for fg, bg in TEXT:
        if contrast(c[fg], c[bg]) < 4.5:
            bad.append("%s: %s on %s is %.2f:1 (< 4.5)" % (path, fg, bg, contrast(c[fg], c[bg])))
    return bad

base = colours(sys.argv[1], {})
bad = check(sys.argv[1], base)
for variant in sys.argv[2:]:
    bad += check(variant, colours(variant, dict(base)))
print("\n".join(bad) if bad else "ok: %d stylesheets" % len(sys.argv[1:]))
sys.exit(1 if bad else 0)
