# atspi.py PID COMMAND [ARG]: board-gtk's window as AT-SPI shows it (tests/gtk-lib.sh).
#   table        the board's extents on screen and its number of cells: x y w h n
#   board        the same after the board's name: name|x y w h n
#   card N       cell N: name|x y w h|states|number of actions (also: cell N)
#   cells        every cell so, one a line, in order
#   labels       every label's text, one a line (shown: only those on screen)
#   button NAME  a showing push or radio button's extents: x y w h; exit 1 if there is none
#   label TEXT   a showing label's extents: x y w h; exit 1 if there is none
#   rows         every player row: name|description (the hover text)|x y w h
#   buttons      every showing push button's name, one a line
#   names        every accessible's name, shown or not (the board's cells aside), one a line
#   serve        the commands above (COMMAND [ARG]) read one a line, each answered with its
#                lines, then "= 0" (or "= 1" where the command would exit 1): one process for
#                many questions, as a python3 started per question costs a good part of a second
import sys
import time
import gi
gi.require_version("Atspi", "2.0")
from gi.repository import Atspi, GLib

def find_app(pid):
    desk = Atspi.get_desktop(0)
    for i in range(desk.get_child_count()):
        a = desk.get_child_at_index(i)
        if a is not None and a.get_process_id() == pid:
            return a
    sys.exit("no accessible application with pid %d" % pid)

def walk(o):
    yield o
    if o.get_role() == Atspi.Role.TABLE:
        return  # cards are asked for one at a time
    for i in range(o.get_child_count()):
        c = o.get_child_at_index(i)
        if c is not None:
            yield from walk(c)

def showing(o):
    return o.get_state_set().contains(Atspi.StateType.SHOWING)

def extents(o):
    e = o.get_extents(Atspi.CoordType.SCREEN)
    return "%d %d %d %d" % (e.x, e.y, e.width, e.height)

def answer(pid, cmd, arg):
    """The lines the command prints, or an exit for a missing board or button."""
    out = []
    nodes = list(walk(find_app(pid)))
    table = next((o for o in nodes if o.get_role() == Atspi.Role.TABLE), None)
    if table is None and cmd in ("table", "board", "card", "cell", "cells"):
        sys.exit("no board in the window (the lobby shows)")
    if cmd == "table":
        out.append("%s %d" % (extents(table), table.get_child_count()))
    elif cmd == "board":
        out.append("%s|%s %d" % (table.get_name(), extents(table), table.get_child_count()))
    elif cmd in ("card", "cell", "cells"):
        for n in range(table.get_child_count()) if cmd == "cells" else [int(arg)]:
            c = table.get_child_at_index(n)
            states = ",".join(sorted(s.value_nick for s in c.get_state_set().get_states()))
            out.append("%s|%s|%s|%d" % (c.get_name(), extents(c), states, c.get_n_actions()))
    elif cmd in ("labels", "shown"):
        for o in nodes:
            if o.get_role() == Atspi.Role.LABEL and (cmd == "labels" or showing(o)):
                out.append(o.get_name())
    elif cmd == "buttons":
        for o in nodes:
            if o.get_role() == Atspi.Role.PUSH_BUTTON and showing(o):
                out.append(o.get_name())
    elif cmd == "names":
        for o in nodes:
            if o.get_name():
                out.append(o.get_name())
    elif cmd == "rows":
        for o in nodes:
            if o.get_role() == Atspi.Role.LIST_ITEM:
                out.append("%s|%s|%s" % (o.get_name(), o.get_description(), extents(o)))
    elif cmd in ("button", "label"):
        roles = (Atspi.Role.PUSH_BUTTON, Atspi.Role.RADIO_BUTTON) if cmd == "button" else (Atspi.Role.LABEL,)
        b = next((o for o in nodes if o.get_role() in roles and o.get_name() == arg and showing(o)), None)
        if b is None:
            sys.exit(1)
        out.append(extents(b))
    return out

# The window changes while it is read (a widget shown or destroyed between two questions), and
# AT-SPI then fails on an object that no longer exists: read the whole tree again.
def settled(pid, cmd, arg):
    for attempt in range(5):
        try:
            return answer(pid, cmd, arg)
        except GLib.Error as e:
            if attempt == 4:
                sys.exit("the window kept changing while it was read: %s" % e.message)
            time.sleep(0.1)

def serve(pid):
    """Answer the commands of stdin; one that fails says why on stderr and "= 1"."""
    for line in sys.stdin:
        words = line.rstrip("\n").split(" ", 1)
        try:
            lines, status = settled(pid, words[0], words[1] if len(words) > 1 else None), 0
        except SystemExit as e:
            lines, status = [], 1
            if isinstance(e.code, str):
                print(e.code, file=sys.stderr)
        for out in lines:
            print(out)
        print("= %d" % status, flush=True)

if __name__ == "__main__":  # tests/gtk-newgame.py imports find_app, walk and showing
    pid, cmd = int(sys.argv[1]), sys.argv[2]
    if cmd == "serve":
        serve(pid)
    else:
        for line in settled(pid, cmd, sys.argv[3] if len(sys.argv) > 3 else None):
            print(line)
