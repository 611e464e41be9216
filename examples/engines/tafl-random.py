#!/usr/bin/env python3
"""tafl-random.py: a tiny Hnefatafl engine for board-bot --engine (docs/ENGINE.md), Python
standard library only. From the position board-bot gives (OpenTafl notation, docs/PROTOCOL.md)
it lists the legal moves and plays the king's escape to a corner if it has one, else a move
that captures the king, else one that captures the most pieces, else any, at random.

    board-bot --play tafl --engine 'python3 examples/engines/tafl-random.py'

--seed N fixes its choices; --log FILE appends every line it reads to FILE."""

import argparse
import random
import sys

SIDE = 9
THRONE = 40  # e5
CORNERS = (0, 8, 72, 80)
STEPS = ((-1, 0), (1, 0), (0, -1), (0, 1))  # (rows, files)


def parse(position):
    """The cells (row by row from rank 9; '.' empty, 't', 'T', 'K') and the side to move
    ('attackers' unless the position says 'defenders')."""
    words = position.split(" ")
    ranks = words[0].strip("/").split("/")
    if len(ranks) != SIDE:
        raise ValueError("not a 9x9 position: " + position)
    cells = []
    for rank in ranks:
        run = ""
        for ch in rank + "/":
            if ch.isdigit():
                run += ch
                continue
            cells.extend("." * int(run or "0"))
            run = ""
            if ch != "/":
                cells.append(ch)
    if len(cells) != SIDE * SIDE:
        raise ValueError("not a 9x9 position: " + position)
    return cells, (words[1] if len(words) > 1 else "attackers")


def name(cell):
    """A cell's name: files a-i from the left, ranks 1-9 from the bottom."""
    return "abcdefghi"[cell % SIDE] + str(SIDE - cell // SIDE)


def step(cell, d, n=1):
    """The cell n steps from cell in direction d, or None off the board."""
    r, f = cell // SIDE + d[0] * n, cell % SIDE + d[1] * n
    return r * SIDE + f if 0 <= r < SIDE and 0 <= f < SIDE else None


def mine(piece, side):
    return piece == "t" if side == "attackers" else piece in "TK"


def moves(cells, side):
    """The legal moves (from, to) of side: along a row or column, over nothing but the empty
    throne; only the king stops on the throne or a corner."""
    out = []
    for a in range(SIDE * SIDE):
        if not mine(cells[a], side):
            continue
        for d in STEPS:
            n = 1
            while True:
                b = step(a, d, n)
                if b is None or cells[b] != ".":
                    break
                if cells[a] == "K" or (b != THRONE and b not in CORNERS):
                    out.append((a, b))
                n += 1
    return out


def hostile(cells, cell, side):
    """Whether cell closes a capture for side: its piece (the king is armed), a corner, the
    empty throne."""
    return cell is not None and (mine(cells[cell], side) or cell in CORNERS or
                                 (cell == THRONE and cells[cell] == "."))


def king_taken(cells, k):
    """Whether the king on k is closed in: four attackers on the throne, three and the throne
    beside it, else an attacker or a corner on the other side of the one that moved (the
    caller checks that one)."""
    around = [step(k, d) for d in STEPS]
    if k == THRONE or THRONE in around:
        return all(c is not None and (cells[c] == "t" or c == THRONE) for c in around)
    return None


def captures(cells, move, side):
    """The cells move takes: each enemy beside its end closed between it and a hostile cell."""
    a, b = move
    after = cells[:]
    after[b], after[a] = after[a], "."
    taken = []
    for d in STEPS:
        n, far = step(b, d), step(b, d, 2)
        if n is None or after[n] == "." or mine(after[n], side):
            continue
        if after[n] == "K":
            whole = king_taken(after, n)
            if whole or (whole is None and hostile(after, far, side)):
                taken.append(n)
        elif hostile(after, far, side):
            taken.append(n)
    return taken


def choose(position, rng):
    """The move to play: an escape, a king taken, the most captures, else any; None if none."""
    cells, side = parse(position)
    legal = moves(cells, side)
    if not legal:
        return None
    escapes = [m for m in legal if cells[m[0]] == "K" and m[1] in CORNERS]
    if escapes:
        return rng.choice(escapes)
    taken = {m: captures(cells, m, side) for m in legal}
    regicide = [m for m in legal if any(cells[c] == "K" for c in taken[m])]
    if regicide:
        return rng.choice(regicide)
    most = max(len(t) for t in taken.values())
    return rng.choice([m for m in legal if len(taken[m]) == most])


def say(line):
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seed", type=int, default=None)
    ap.add_argument("--log", default=None)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    log = open(args.log, "a") if args.log else None
    for line in sys.stdin:
        line = line.rstrip("\r\n")
        if log:
            log.write(line + "\n")
            log.flush()
        words = line.split(" ")
        if words[0] == "boardengine":
            say("id name tafl-random.py")
            say("ready 1")
        elif words[0] == "game":
            say("ok" if words[1:2] == ["tafl"] else "error this engine plays tafl only")
        elif words[0] == "go" and len(words) >= 3:
            move = choose(" ".join(words[2:]), rng)
            say("resign" if move is None else "move %s-%s" % (name(move[0]), name(move[1])))
        elif words[0] == "quit":
            break
    if log:
        log.close()


if __name__ == "__main__":
    main()
