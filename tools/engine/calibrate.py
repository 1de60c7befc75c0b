#!/usr/bin/env python3
"""Chronomate's standard-chess levels measured from outside, as a new user
would: games against Stockfish held to a rating, games between two builds,
and a judge of how the levels err. python-chess referees every game.

    calibrate.py stockfish --engine BIN --level L --elo E --games N
        [--movetime MS | --sf-nodes N] [--engine-movetime MS | --engine-nodes N]
        [--concurrency C] [--pgn FILE]
    calibrate.py ab --a BIN --b BIN --nodes N --games N [--level L]
        [--concurrency C] [--pgn FILE]
    calibrate.py judge FILE.pgn... [--depth D]

BIN is a UCI engine: `target/release/examples/uci` (the engine's own, built
with the engine alone) or `chronomate uci`. Games start from the openings
in openings.txt (100 of them, each played twice, colours swapped), so that
even deterministic players do not repeat a game. `tools/engine/bench-calibrate.sh`
installs Stockfish and python-chess and runs docs/engine.md's tables.

stockfish: level L against Stockfish with UCI_LimitStrength and UCI_Elo E
(Threads 1, Hash 16), Stockfish at MS a move (200 by default). Chronomate
plays with its level's node budget (a deterministic strength, whatever the
machine's load), or at --engine-movetime MS a move where given (level 8
then thinks until its time is up), or at --engine-nodes N a move. On a
loaded machine a time a move means less time on a core for both sides:
--sf-nodes N holds Stockfish to N nodes a move instead (its rating's
handicap still applies: Skill Level picks among several lines at a depth
set by the rating), which the load cannot change. Prints W-D-L from Chronomate's side, the
score, and the Elo that score implies with its 95% margin (the
cutechess-cli method), as UCI_Elo plus the difference.

ab: two builds at level L (8 by default), each move searched to N nodes
(`go nodes N`): immune to the machine's load. Prints W-D-L for A.

judge: for every move of the player named Chronomate in the PGN files
(grouped by the Level in each game's header), with Stockfish (full
strength) searching D plies (10 by default):
  - a one-move blunder is a move after which the opponent's best reply, and
    our best answer to it, leave us three pawns or more of material down,
    losing three pawns or more of evaluation, where the best move keeps
    material (its same two plies lose less than three pawns);
  - an opportunity is a recapture (the opponent's last move captured on a
    square where we can capture back, and Stockfish's best move does) or a
    free queen (Stockfish's best move takes the opponent's queen); taken
    when our move captures there.
Prints, per level, moves judged, blunders and their rate, opportunities and
the share taken.
"""

import argparse
import math
import multiprocessing
import sys

import chess
import chess.engine
import chess.pgn

def openings():
    """The lines of openings.txt (beside this script), in UCI."""
    import os
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "openings.txt")
    with open(path) as f:
        return [line.strip() for line in f if line.strip() and not line.startswith("#")]


VALUES = {chess.PAWN: 100, chess.KNIGHT: 300, chess.BISHOP: 300,
          chess.ROOK: 500, chess.QUEEN: 900, chess.KING: 0}
MAX_PLIES = 400


def elo_line(wins, draws, losses):
    """The score and the Elo difference with its 95% margin."""
    n = wins + draws + losses
    if n == 0:
        return 0.5, 0.0, math.inf
    p = (wins + draws / 2) / n
    var = (wins * (1 - p) ** 2 + draws * (0.5 - p) ** 2 + losses * p ** 2) / n
    margin = 1.959964 * math.sqrt(var / n)

    def elo(x):
        if x <= 0:
            return -math.inf
        if x >= 1:
            return math.inf
        return -400 * math.log10(1 / x - 1)

    return p, elo(p), (elo(p + margin) - elo(p - margin)) / 2


def start(path, options, _limit=None):
    engine = chess.engine.SimpleEngine.popen_uci(path.split())
    if options:
        engine.configure(options)
    return engine


def play_game(job):
    """One game; returns (index, result for the first player, pgn text)."""
    (index, opening, first_white, first, second, names, event) = job
    a = start(*first)
    b = start(*second)
    board = chess.Board()
    for mv in opening.split():
        board.push_uci(mv)
    # The game starts after the opening: its PGN holds the engines' moves
    # alone (the opening is its FEN).
    board = chess.Board(board.fen())
    players = {True: (a, first[2]), False: (b, second[2])}
    white_is_first = first_white
    try:
        while not board.is_game_over(claim_draw=True) and board.ply() < MAX_PLIES:
            first_to_move = (board.turn == chess.WHITE) == white_is_first
            engine, limit = players[first_to_move]
            result = engine.play(board, limit)
            if result.move is None or result.move not in board.legal_moves:
                raise RuntimeError(f"game {index}: no legal move from "
                                   f"{names[0] if first_to_move else names[1]}")
            board.push(result.move)
    finally:
        a.quit()
        b.quit()
    outcome = board.outcome(claim_draw=True)
    if outcome is None or outcome.winner is None:
        points = 0.5
    else:
        points = 1.0 if (outcome.winner == chess.WHITE) == white_is_first else 0.0
    game = chess.pgn.Game.from_board(board)
    game.headers["Event"] = event
    game.headers["Round"] = str(index + 1)
    game.headers["White"] = names[0] if white_is_first else names[1]
    game.headers["Black"] = names[1] if white_is_first else names[0]
    game.headers["Result"] = board.result(claim_draw=True) if outcome else "1/2-1/2"
    return index, points, str(game)


def run_games(jobs, concurrency, pgn_path, label):
    wins = draws = losses = 0
    texts = {}
    with multiprocessing.Pool(concurrency) as pool:
        for index, points, text in pool.imap_unordered(play_game, jobs):
            texts[index] = text
            if points == 1.0:
                wins += 1
            elif points == 0.5:
                draws += 1
            else:
                losses += 1
            print(f"game {index + 1}: {points}", file=sys.stderr, flush=True)
    if pgn_path:
        with open(pgn_path, "a") as f:
            for index in sorted(texts):
                f.write(texts[index] + "\n\n")
    p, diff, margin = elo_line(wins, draws, losses)
    print(f"{label}: {wins}-{draws}-{losses} over {wins + draws + losses} games, "
          f"score {100 * p:.1f}%, {diff:+.0f} ± {margin:.0f} Elo", flush=True)
    return wins, draws, losses, diff, margin


def jobs_for(games, first, second, names, event):
    jobs = []
    book = openings()
    for i in range(games):
        opening = book[(i // 2) % len(book)]
        jobs.append((i, opening, i % 2 == 0, first, second, names, event))
    return jobs


def cmd_stockfish(args):
    if args.engine_movetime:
        ours_limit = chess.engine.Limit(time=args.engine_movetime / 1000)
        timing = f"{args.engine_movetime} ms a move"
    elif args.engine_nodes:
        ours_limit = chess.engine.Limit(nodes=args.engine_nodes)
        timing = f"{args.engine_nodes} nodes a move"
    else:
        ours_limit = chess.engine.Limit()
        timing = "its node budget"
    if args.sf_nodes:
        sf_limit = chess.engine.Limit(nodes=args.sf_nodes)
        sf_timing = f"{args.sf_nodes} nodes a move"
    else:
        sf_limit = chess.engine.Limit(time=args.movetime / 1000)
        sf_timing = f"{args.movetime} ms a move"
    ours = (args.engine, {"Level": args.level}, ours_limit)
    sf = (args.stockfish, {"UCI_LimitStrength": True, "UCI_Elo": args.elo,
                           "Threads": 1, "Hash": 16}, sf_limit)
    name = f"Chronomate level {args.level}"
    event = (f"{name} ({timing}) vs Stockfish UCI_Elo {args.elo} "
             f"({sf_timing})")
    jobs = jobs_for(args.games, ours, sf, (name, f"Stockfish {args.elo}"), event)
    w, d, l, diff, margin = run_games(jobs, args.concurrency, args.pgn, event)
    print(f"level {args.level}: about {args.elo + diff:.0f} ± {margin:.0f} "
          f"on Stockfish's UCI_Elo scale")


def cmd_ab(args):
    limit = chess.engine.Limit(nodes=args.nodes)
    a = (args.a, {"Level": args.level}, limit)
    b = (args.b, {"Level": args.level}, limit)
    event = f"A/B at level {args.level}, {args.nodes} nodes a move"
    jobs = jobs_for(args.games, a, b, ("A", "B"), event)
    run_games(jobs, args.concurrency, args.pgn, f"{event}, A's score")


def material(board, color):
    return sum(VALUES[p.piece_type] for p in board.piece_map().values()
               if p.color == color)


def balance(board, color):
    return material(board, color) - material(board, not color)


def drop_after(board, first_move, pv, color):
    """Material `color` loses over `first_move` then two plies of `pv`."""
    before = balance(board, color)
    b = board.copy()
    b.push(first_move)
    for mv in pv[:2]:
        if mv not in b.legal_moves:
            break
        b.push(mv)
    return before - balance(b, color)


def cp(score, color):
    return score.pov(color).score(mate_score=10_000)


def judge_game(job):
    path_index, text, depth, stockfish = job
    import io
    game = chess.pgn.read_game(io.StringIO(text))
    level = None
    for side in ("White", "Black"):
        name = game.headers.get(side, "")
        if name.startswith("Chronomate level"):
            level = int(name.split()[-1])
            ours = chess.WHITE if side == "White" else chess.BLACK
    if level is None:
        return None
    engine = chess.engine.SimpleEngine.popen_uci(stockfish)
    engine.configure({"Threads": 1, "Hash": 16})
    stats = {"moves": 0, "blunders": 0, "chances": 0, "taken": 0}
    board = game.board()
    limit = chess.engine.Limit(depth=depth)
    last_capture = None
    try:
        for node in game.mainline():
            mv = node.move
            if board.turn == ours:
                before = engine.analyse(board, limit)
                best = before["pv"][0]
                best_eval = cp(before["score"], ours)
                after_board = board.copy()
                after_board.push(mv)
                if mv == best:
                    played_eval, reply_pv = best_eval, before["pv"][1:]
                elif after_board.is_game_over():
                    played_eval = cp(engine.analyse(after_board, limit)["score"], ours)
                    reply_pv = []
                else:
                    after = engine.analyse(after_board, limit)
                    played_eval = cp(after["score"], ours)
                    reply_pv = after.get("pv", [])
                stats["moves"] += 1
                if (best_eval - played_eval >= 300
                        and drop_after(board, mv, reply_pv, ours) >= 300
                        and drop_after(board, best, before["pv"][1:], ours) < 300):
                    stats["blunders"] += 1
                takes = board.is_capture(best)
                recapture = takes and best.to_square == last_capture
                free_queen = takes and best.to_square in board.pieces(chess.QUEEN, not ours)
                if recapture or free_queen:
                    stats["chances"] += 1
                    if board.is_capture(mv) and mv.to_square == best.to_square:
                        stats["taken"] += 1
            capture = board.is_capture(mv)
            board.push(mv)
            last_capture = mv.to_square if capture else None
    finally:
        engine.quit()
    return level, stats


def cmd_judge(args):
    texts = []
    for path in args.pgn:
        with open(path) as f:
            while True:
                game = chess.pgn.read_game(f)
                if game is None:
                    break
                texts.append(str(game))
    jobs = [(i, t, args.depth, args.stockfish) for i, t in enumerate(texts)]
    totals = {}
    with multiprocessing.Pool(args.concurrency) as pool:
        for result in pool.imap_unordered(judge_game, jobs):
            if result is None:
                continue
            level, stats = result
            t = totals.setdefault(level, {"games": 0, "moves": 0, "blunders": 0,
                                          "chances": 0, "taken": 0})
            t["games"] += 1
            for k, v in stats.items():
                t[k] += v
    print("level games moves blunders rate opportunities taken share")
    for level in sorted(totals):
        t = totals[level]
        rate = 100 * t["blunders"] / max(1, t["moves"])
        share = 100 * t["taken"] / max(1, t["chances"])
        print(f"{level} {t['games']} {t['moves']} {t['blunders']} {rate:.1f}% "
              f"{t['chances']} {t['taken']} {share:.0f}%")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--stockfish", default="/usr/games/stockfish")
    parser.add_argument("--concurrency", type=int, default=2)
    sub = parser.add_subparsers(dest="command", required=True)
    s = sub.add_parser("stockfish")
    s.add_argument("--engine", required=True)
    s.add_argument("--level", type=int, required=True)
    s.add_argument("--elo", type=int, required=True)
    s.add_argument("--games", type=int, default=20)
    s.add_argument("--movetime", type=int, default=200)
    s.add_argument("--engine-movetime", type=int, default=None)
    s.add_argument("--engine-nodes", type=int, default=None)
    s.add_argument("--sf-nodes", type=int, default=None)
    s.add_argument("--pgn")
    a = sub.add_parser("ab")
    a.add_argument("--a", required=True)
    a.add_argument("--b", required=True)
    a.add_argument("--nodes", type=int, required=True)
    a.add_argument("--level", type=int, default=8)
    a.add_argument("--games", type=int, default=100)
    a.add_argument("--pgn")
    j = sub.add_parser("judge")
    j.add_argument("pgn", nargs="+")
    j.add_argument("--depth", type=int, default=10)
    args = parser.parse_args()
    {"stockfish": cmd_stockfish, "ab": cmd_ab, "judge": cmd_judge}[args.command](args)


if __name__ == "__main__":
    main()
