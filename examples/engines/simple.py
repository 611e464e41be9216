#!/usr/bin/env python3
"""simple.py: an example engine for board-bot --engine (docs/ENGINE.md), Python standard
library only. It plays Quantik and tic-tac-toe: a move that wins at once if it has one, else
one that does not let the opponent win at once, else any, at random.

    board-bot --game quantik --engine 'python3 examples/engines/simple.py'

For board-bot's tests it can also fail on purpose: --crash-after N exits with status 3 when
asked for its move N + 1, --hang-after N then stops answering, --seed N fixes its choices,
--log FILE appends every line it reads to FILE."""

import argparse
import random
import sys


def quantik_cells(position):
    """The 16 cells of a QFEN position, row by row."""
    rows = position.split("/")
    if len(rows) != 4 or any(len(r) != 4 for r in rows):
        raise ValueError("not a QFEN position: " + position)
    return list("".join(rows))


def quantik_near(a, b):
    """Whether cells a and b share a row, a column or a 2x2 zone."""
    return a // 4 == b // 4 or a % 4 == b % 4 or (a // 8 == b // 8 and a % 4 // 2 == b % 4 // 2)


def quantik_lines():
    """The cells of the four rows, four columns and four zones."""
    rows = [[r * 4 + c for c in range(4)] for r in range(4)]
    cols = [[r * 4 + c for r in range(4)] for c in range(4)]
    zones = [[(z // 2 * 2 + i // 2) * 4 + z % 2 * 2 + i % 2 for i in range(4)] for z in range(4)]
    return rows + cols + zones


LINES = quantik_lines()


class Quantik:
    """Quantik's rules over QFEN: upper case moves first; a move is a shape letter and a cell."""

    def __init__(self, position):
        self.cells = quantik_cells(position)
        upper = sum(c.isupper() for c in self.cells)
        lower = sum(c.islower() for c in self.cells)
        self.mine = str.upper if upper == lower else str.lower

    def moves(self):
        """The legal moves of the side to move, as (shape letter, cell)."""
        out = []
        for shape in "ABCD":
            mine, theirs = self.mine(shape), self.mine(shape).swapcase()
            if self.cells.count(mine) >= 2:
                continue
            for c in range(16):
                if self.cells[c] == "." and not any(
                        x == theirs and quantik_near(i, c) for i, x in enumerate(self.cells)):
                    out.append((shape, c))
        return out

    def wins(self, move):
        """Whether move completes a line of four different shapes."""
        shape, cell = move
        after = self.cells[:]
        after[cell] = shape
        return any(cell in line and len({after[i].upper() for i in line} - {"."}) == 4 for line in LINES)

    def play(self, move):
        """The position after move, seen by the other side."""
        after = Quantik("..../..../..../....")
        after.cells = self.cells[:]
        after.cells[move[1]] = self.mine(move[0])
        after.mine = str.lower if self.mine is str.upper else str.upper
        return after

    @staticmethod
    def words(move):
        return "%s%d" % move


class TicTacToe:
    """Tic-tac-toe's rules over its 9-character positions; a move is "x y"."""

    def __init__(self, position):
        self.cells = list(position)
        self.me = "X" if self.cells.count("X") == self.cells.count("O") else "O"

    def moves(self):
        return [c for c in range(9) if self.cells[c] == "."]

    def wins(self, move):
        after = self.cells[:]
        after[move] = self.me
        lines = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]
        return any(all(after[i] == self.me for i in line) for line in lines)

    def play(self, move):
        after = TicTacToe("".join(self.cells))
        after.cells[move] = self.me
        after.me = "O" if self.me == "X" else "X"
        return after

    @staticmethod
    def words(move):
        return "%d %d" % (move % 3, move // 3)


GAMES = {"quantik": Quantik, "tictactoe": TicTacToe}


def choose(game, position, rng):
    """The move to play: a win at once, else a move after which the opponent has none, else any."""
    pos = game(position)
    moves = pos.moves()
    if not moves:
        return None
    winning = [m for m in moves if pos.wins(m)]
    if winning:
        return rng.choice(winning)
    safe = [m for m in moves if not any(pos.play(m).wins(r) for r in pos.play(m).moves())]
    return rng.choice(safe or moves)


def say(line):
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--crash-after", type=int, default=-1)
    ap.add_argument("--hang-after", type=int, default=-1)
    ap.add_argument("--seed", type=int, default=None)
    ap.add_argument("--log", default=None)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    log = open(args.log, "a") if args.log else None
    game, moved = None, 0
    for line in sys.stdin:
        line = line.rstrip("\n")
        if log:
            log.write(line + "\n")
            log.flush()
        words = line.split(" ")
        if words[0] == "boardengine":
            say("id name simple.py")
            say("ready 1")
        elif words[0] == "game":
            game = GAMES.get(words[1]) if len(words) > 1 else None
            say("ok" if game else "error this engine plays " + " and ".join(sorted(GAMES)))
        elif words[0] == "go" and len(words) >= 3:
            if moved == args.crash_after:
                sys.exit(3)
            if moved == args.hang_after:
                continue
            moved += 1
            move = choose(game, " ".join(words[2:]), rng)
            say("resign" if move is None else "move " + game.words(move))
        elif words[0] == "quit":
            break
    if log:
        log.close()


if __name__ == "__main__":
    main()
