#!/usr/bin/env python3
"""Positions for tuning FIDE chess's evaluation (engine/examples/texel.rs).

    texel.py play --games N --out FENS [--workers W] [--seed S]
    texel.py pgn --out FENS FILE.pgn...
    texel.py label --depth D --out LABELLED FENS... [--workers W]

play: Stockfish plays itself from the openings in openings.txt, a few
random moves after each, at a Skill Level drawn from 3 to 20 a game and
2,000 to 10,000 nodes a move, so that the positions run from careless to
sound play. Every position from the tenth half-move on where the side to
move is not in check and plays neither a capture nor a promotion is
written, one FEN a line.

pgn: the same positions from games already played (the calibration's
PGN files), each position once.

label: Stockfish's score of each position at depth D (8 in
docs/engine-journal.md), from White's side, as lines `FEN;centipawns` (a mate
counts 3000). The tuner drops positions that are not quiet by its own
measure (a capture winning material).

Installs nothing: run tools/engine/bench-calibrate.sh once, or see
tools/engine/stockfish.sh, for Stockfish and python-chess.
"""

import argparse
import multiprocessing
import os
import random
import subprocess

import chess
import chess.engine
import chess.pgn

from calibrate import openings

STOCKFISH = os.environ.get("STOCKFISH", "/usr/games/stockfish")
MATE = 3000


def quiet_move(board, move):
    return not board.is_check() and not board.is_capture(move) and move.promotion is None


def play_worker(job):
    (seed, games, out) = job
    rnd = random.Random(seed)
    lines = [line.split() for line in openings()]
    engine = chess.engine.SimpleEngine.popen_uci(STOCKFISH)
    engine.configure({"Threads": 1, "Hash": 16})
    with open(out, "w") as f:
        for _ in range(games):
            board = chess.Board()
            for uci in rnd.choice(lines):
                board.push_uci(uci)
            for _ in range(rnd.randint(0, 4)):
                moves = list(board.legal_moves)
                if not moves:
                    break
                board.push(rnd.choice(moves))
            engine.configure({"Skill Level": rnd.randint(3, 20)})
            while not board.is_game_over(claim_draw=True) and board.ply() < 300:
                nodes = rnd.choice([2000, 5000, 10000])
                move = engine.play(board, chess.engine.Limit(nodes=nodes)).move
                if quiet_move(board, move) and board.ply() >= 10:
                    f.write(board.fen() + "\n")
                board.push(move)
    engine.quit()


def cmd_play(args):
    per = [args.games // args.workers + (i < args.games % args.workers) for i in range(args.workers)]
    jobs = [(args.seed + i, n, f"{args.out}.{i}") for i, n in enumerate(per)]
    with multiprocessing.Pool(args.workers) as pool:
        pool.map(play_worker, jobs)
    with open(args.out, "w") as out:
        for (_, _, part) in jobs:
            with open(part) as f:
                out.write(f.read())
            os.remove(part)


def cmd_pgn(args):
    seen = set()
    with open(args.out, "w") as out:
        for path in args.files:
            with open(path) as f:
                while (game := chess.pgn.read_game(f)) is not None:
                    board = game.board()
                    for move in game.mainline_moves():
                        key = board.board_fen() + (" w" if board.turn else " b")
                        if quiet_move(board, move) and board.ply() >= 8 and key not in seen:
                            seen.add(key)
                            out.write(board.fen() + "\n")
                        board.push(move)


def label_worker(job):
    (depth, fens) = job
    sf = subprocess.Popen([STOCKFISH], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                          text=True, bufsize=1)
    say = sf.stdin.write
    say("uci\nsetoption name Threads value 1\nsetoption name Hash value 16\nisready\n")
    while sf.stdout.readline().strip() != "readyok":
        pass
    out = []
    for fen in fens:
        say(f"position fen {fen}\ngo depth {depth}\n")
        score = None
        while True:
            line = sf.stdout.readline()
            if not line:
                raise RuntimeError("stockfish ended")
            if line.startswith("info") and " score " in line:
                words = line.split()
                i = words.index("score")
                if words[i + 1] == "cp":
                    score = int(words[i + 2])
                else:
                    score = MATE if int(words[i + 2]) > 0 else -MATE
            elif line.startswith("bestmove"):
                break
        if score is not None:
            if fen.split()[1] == "b":
                score = -score
            out.append(f"{fen};{score}\n")
    say("quit\n")
    sf.wait()
    return out


def cmd_label(args):
    fens = []
    for path in args.files:
        with open(path) as f:
            fens += [line.strip() for line in f if line.strip()]
    fens = list(dict.fromkeys(fens))
    chunks = [(args.depth, fens[i:i + 2000]) for i in range(0, len(fens), 2000)]
    with open(args.out, "w") as out, multiprocessing.Pool(args.workers) as pool:
        for n, lines in enumerate(pool.imap_unordered(label_worker, chunks), 1):
            out.writelines(lines)
            out.flush()
            print(f"{n} of {len(chunks)} chunks labelled", flush=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("play")
    p.add_argument("--games", type=int, required=True)
    p.add_argument("--out", required=True)
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--seed", type=int, default=1)
    g = sub.add_parser("pgn")
    g.add_argument("--out", required=True)
    g.add_argument("files", nargs="+")
    l = sub.add_parser("label")
    l.add_argument("--depth", type=int, required=True)
    l.add_argument("--out", required=True)
    l.add_argument("--workers", type=int, default=2)
    l.add_argument("files", nargs="+")
    args = parser.parse_args()
    {"play": cmd_play, "pgn": cmd_pgn, "label": cmd_label}[args.command](args)


if __name__ == "__main__":
    main()
