# gtk-newgame.py PID COMMAND ...: test-gtk-newgame.sh's look at board-gtk over AT-SPI.
#   button WINDOW NAME   extents (x y w h) of the showing button (push, toggle, radio) NAME in
#                        the window titled WINDOW; exit 1 if there is none
#   memory ME PICK-S     play the Memory game on the board to its end as a person would, by
#                        clicks (xdotool): it sees only what the window shows (the cards' names),
#                        remembers every card it saw face up, picks at most once every PICK-S
#                        seconds; prints "ME-PAIRS OTHERS-BEST" at the end (every card locked)
import random
import subprocess
import sys
import time
import gi
gi.require_version("Atspi", "2.0")
from gi.repository import Atspi, GLib

from atspi import find_app, showing, walk  # tests/atspi.py, beside this file

BUTTONS = (Atspi.Role.PUSH_BUTTON, Atspi.Role.TOGGLE_BUTTON, Atspi.Role.RADIO_BUTTON)

def extents(o):
    e = o.get_extents(Atspi.CoordType.SCREEN)
    return e.x, e.y, e.width, e.height

def button(pid, window, name):
    app = find_app(pid)
    for i in range(app.get_child_count()):
        w = app.get_child_at_index(i)
        if w is None or w.get_name() != window:
            continue
        for o in walk(w):
            if o.get_role() in BUTTONS and o.get_name() == name and showing(o):
                print("%d %d %d %d" % extents(o))
                return
    sys.exit(1)

def board(pid):
    for o in walk(find_app(pid)):
        if o.get_role() == Atspi.Role.TABLE:
            return o
    return None

def read_cards(table):
    """Each card as (state, value, owner, centre): state "down", "up" or "locked"."""
    cards = []
    for n in range(table.get_child_count()):
        c = table.get_child_at_index(n)
        words = c.get_name().split(", ")
        x, y, w, h = extents(c)
        centre = (x + w // 2, y + h // 2)
        if words[2] == "face down":
            cards.append(("down", None, None, centre))
        else:
            owner = words[4].split(" ", 2)[2] if len(words) > 4 else ""
            cards.append(("up" if words[2] == "face up" else "locked", words[3], owner, centre))
    return cards

def partner(cards, seen, c):
    """A face-down card seen with card c's value (c itself not), or None."""
    for d, card in enumerate(cards):
        if d != c and card[0] == "down" and c in seen and seen.get(d) == seen[c]:
            return d
    return None

def choose(cards, seen, held, avoid, now):
    """Holding a card: its partner if seen; else a seen pair; else an unseen card first."""
    ok = lambda c: cards[c][0] == "down" and avoid.get(c, 0) <= now
    if held is not None:
        d = partner(cards, seen, held)
        if d is not None and ok(d):
            return d
    else:
        for c in range(len(cards)):
            d = partner(cards, seen, c)
            if ok(c) and d is not None:
                return c
    for pool in ([c for c in range(len(cards)) if ok(c) and c not in seen], [c for c in range(len(cards)) if ok(c)]):
        if pool:
            return random.choice(pool)
    return None

def memory(pid, me, pick_s):
    table, deadline = None, time.time() + 600
    seen, avoid, last, clicked = {}, {}, 0.0, None
    while time.time() < deadline:
        try:
            table = table or board(pid)
            cards = read_cards(table) if table is not None else None
        except GLib.Error:
            table, cards = None, None  # the window changed under the question: ask again
        if not cards:
            time.sleep(0.2)
            continue
        now = time.time()
        for c, card in enumerate(cards):
            if card[1] is not None:
                seen[c] = card[1]
        if clicked is not None and cards[clicked][0] != "down":
            clicked = None  # the pick was taken
        if all(card[0] == "locked" for card in cards):
            pairs = {}
            for card in cards:
                pairs[card[2]] = pairs.get(card[2], 0) + 1
            mine = pairs.pop(me, 0) // 2
            print("%d %d" % (mine, max(pairs.values(), default=0) // 2))
            return
        if clicked is not None and cards[clicked][0] == "down" and now - last > pick_s:
            avoid[clicked] = now + 3  # refused (taken, a cooldown): try others meanwhile
            clicked = None
        held = [c for c, card in enumerate(cards) if card[0] == "up" and card[2] == me]
        if len(held) >= 2 or now - last < pick_s:
            time.sleep(0.05)
            continue
        c = choose(cards, seen, held[0] if held else None, avoid, now)
        if c is None:
            time.sleep(0.05)
            continue
        x, y = cards[c][3]
        subprocess.run(["xdotool", "mousemove", str(x), str(y), "click", "1"], check=True)
        last, clicked = time.time(), c
    sys.exit("the Memory game did not end in 600 s")

pid, cmd = int(sys.argv[1]), sys.argv[2]
if cmd == "button":
    button(pid, sys.argv[3], sys.argv[4])
elif cmd == "memory":
    memory(pid, sys.argv[3], float(sys.argv[4]))
else:
    sys.exit("unknown command %s" % cmd)
