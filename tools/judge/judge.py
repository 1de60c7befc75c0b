#!/usr/bin/env python3
"""How the standard levels err, judged from outside (issue 48).

    judge.py --engine BIN [--players 1,2,...,8,sf1350,sf1800] [--games N]
        [--opponent-elo 1350] [--movetime 100] [--depth 12]
        [--concurrency 2] [--out DIR] [--seed S]

Each player plays N games against Stockfish held to `UCI_LimitStrength`,
`UCI_Elo` 1350 at 100 ms a move, from tools/engine/openings.txt (colours
alternating). A player is a Chronomate level (`3`: the UCI engine BIN with
`Level` 3, at its level's node budget, as it plays in the bot) or
Stockfish held to a rating (`sf1800`, at the same 100 ms a move), the
yardstick of how people err. Every move of the player is judged by
Stockfish at full strength:

- the position before it is searched to depth D (12); where that
  evaluation is decided (|eval| >= 300 cp) the move is not judged;
- an error is a judged move that loses 100 cp or more against the best
  move (depth D before the move, depth D after it);
- each error's rank among all the legal moves by a depth-1 look (MultiPV =
  all: Stockfish's depth 1 with its quiescence search), 1 the best; moves
  scored alike share a rank;
- a move hangs a piece to a one-move reply where, after it, Stockfish's
  best reply (depth D) is a capture, our move, that capture and our best
  answer lose us at least 200 cp of material (a piece for at most a pawn),
  while the best move's line loses less than that, the move loses 150 cp
  or more, and the depth-1 look sees it: the move scores 150 cp or more
  below the best there (a capture that looks good one ply deep and loses
  to a reply further on is an error, not a piece hung).

A game is stopped once the judge has called the position decided at three
of the player's moves in a row (nothing after would be judged), or at 200
plies. Prints, per player: games, W-D-L against the opponent, moves played,
moves judged, errors per 100 judged moves, the share of errors among the
depth-1 top 5 (with its 95% margin, taken over games: errors cluster in a
game; `share`) and in its bottom half (ranked below the middle of the legal
moves), and the share of judged moves that hang a piece. The moves
judged go to OUT/moves.jsonl and the games to OUT/games.pgn.
"""

import argparse
import io
import json
import multiprocessing
import os
import sys

import chess
import chess.engine
import chess.pgn

VALUES = {chess.PAWN: 100, chess.KNIGHT: 300, chess.BISHOP: 300,
          chess.ROOK: 500, chess.QUEEN: 900, chess.KING: 0}
DECIDED = 300
ERROR = 100
HANG_DROP = 200
HANG_LOSS = 150
MAX_PLIES = 200
DECIDED_IN_A_ROW = 3


# Student's t at 97.5% for 1 to 30 degrees of freedom; 1.96 past them.
T975 = [12.71, 4.30, 3.18, 2.78, 2.57, 2.45, 2.36, 2.31, 2.26, 2.23,
        2.20, 2.18, 2.16, 2.14, 2.13, 2.12, 2.11, 2.10, 2.09, 2.09,
        2.08, 2.07, 2.07, 2.06, 2.06, 2.06, 2.05, 2.05, 2.05, 2.04]


def share(per_game):
    """The share of errors in the depth-1 top 5 and its 95% margin, in
    percentage points, from (errors in the top 5, errors) per game. Errors
    cluster in a game (one bad position brings several), so the standard
    error is the ratio estimator's over the games that erred, with
    Student's t for their number; never narrower than the Agresti-Coull
    one over errors (which a run of clean sweeps would otherwise reduce to
    0). `None` for the margin with fewer than two games that erred."""
    erred = [(t, e) for t, e in per_game if e]
    errors = sum(e for _, e in erred)
    if not errors:
        return None, None
    top = sum(t for t, _ in erred)
    p = top / errors
    g = len(erred)
    if g < 2:
        return 100 * p, None
    over_games = (sum((t - p * e) ** 2 for t, e in erred) * g / (g - 1)) ** 0.5 / errors
    q = (top + 2) / (errors + 4)
    over_errors = (q * (1 - q) / (errors + 4)) ** 0.5
    t = T975[g - 2] if g - 1 <= len(T975) else 1.96
    return 100 * p, 100 * t * max(over_games, over_errors)


def share_text(per_game):
    """`43% ± 9 of 108`: the share, its margin and the errors counted."""
    p, margin = share(per_game)
    errors = sum(e for _, e in per_game)
    if p is None:
        return "- of 0"
    if margin is None:
        return f"{p:.0f}% of {errors}"
    return f"{p:.0f}% ± {margin:.0f} of {errors}"


def who(spec):
    """A player's name in the tables: `level 3`, `Stockfish 1350`."""
    return f"level {spec}" if not spec.startswith("sf") else f"Stockfish {spec[2:]}"


def judged_columns(own):
    """The table's judged columns for one player's judged moves (each with
    its `game`): moves judged, errors per 100, the share of errors in the
    depth-1 top 5, the share in its bottom half, and pieces hung."""
    errors = [r for r in own if r["loss"] >= ERROR]
    per_game = {}
    for r in errors:
        t, e = per_game.get(r["game"], (0, 0))
        per_game[r["game"]] = (t + (r["rank"] <= 5), e + 1)
    bottom = sum(r["rank"] > (r["legal"] + 1) // 2 for r in errors)
    hung = sum(r["hangs"] for r in own)
    n = max(1, len(own))
    bottom_text = f"{100 * bottom / len(errors):.0f}%" if errors else "-"
    return (f"{len(own)} | {100 * len(errors) / n:.1f} | "
            f"{share_text(list(per_game.values()))} | {bottom_text} | "
            f"{100 * hung / n:.1f}% ({hung}) |")


def openings():
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)),
                        "..", "engine", "openings.txt")
    with open(path) as f:
        return [line.strip() for line in f
                if line.strip() and not line.startswith("#")]


def balance(board, color):
    total = 0
    for piece in board.piece_map().values():
        value = VALUES[piece.piece_type]
        total += value if piece.color == color else -value
    return total


def drop_after(board, first, pv, color):
    """Material `color` loses over `first` then two plies of `pv`."""
    before = balance(board, color)
    b = board.copy(stack=False)
    b.push(first)
    for mv in pv[:2]:
        if mv not in b.legal_moves:
            break
        b.push(mv)
    return before - balance(b, color)


def cp(score, color):
    return score.pov(color).score(mate_score=10_000)


def depth_one_rank(looker, board, move):
    """`move`'s rank among all legal moves by Stockfish's depth 1, how
    many moves there are, and how far below the best it scores there. The hash is cleared first: what a deeper search
    left in it would stand in for the depth-1 scores."""
    n = board.legal_moves.count()
    looker.configure({"Clear Hash": None})
    infos = looker.analyse(board, chess.engine.Limit(depth=1), multipv=n)
    scores = {}
    for info in infos:
        if "pv" in info and info["pv"]:
            scores[info["pv"][0]] = cp(info["score"], board.turn)
    if move not in scores:
        return n, n, None
    own = scores[move]
    return 1 + sum(1 for s in scores.values() if s > own), n, max(scores.values()) - own


def hangs(record):
    """Whether a judged move hangs a piece to a one-move reply: it loses
    the material (`material`), and a depth-1 look sees it (the move scores
    HANG_LOSS or more below the best there; a loss that only a deeper look
    finds is an error, not a piece left hanging)."""
    return bool(record.get("material") and record.get("gap") is not None
                and record["gap"] >= HANG_LOSS)


def player_engine(spec, args):
    """The engine process for `spec`, and its limit a move."""
    if spec.startswith("sf"):
        engine = chess.engine.SimpleEngine.popen_uci(args.stockfish)
        engine.configure({"UCI_LimitStrength": True, "UCI_Elo": int(spec[2:]),
                          "Threads": 1, "Hash": 16})
        return engine, chess.engine.Limit(time=args.movetime / 1000)
    engine = chess.engine.SimpleEngine.popen_uci(args.engine.split())
    engine.configure({"Level": int(spec)})
    return engine, chess.engine.Limit()


def play_and_judge(job):
    index, spec, opening, ours, args = job
    player, player_limit = player_engine(spec, args)
    opponent = chess.engine.SimpleEngine.popen_uci(args.stockfish)
    opponent.configure({"UCI_LimitStrength": True, "UCI_Elo": args.opponent_elo,
                        "Threads": 1, "Hash": 16})
    opponent_limit = chess.engine.Limit(time=args.movetime / 1000)
    judge = chess.engine.SimpleEngine.popen_uci(args.stockfish)
    judge.configure({"Threads": 1, "Hash": 16})
    looker = chess.engine.SimpleEngine.popen_uci(args.stockfish)
    looker.configure({"Threads": 1, "Hash": 16})
    deep = chess.engine.Limit(depth=args.depth)
    board = chess.Board()
    for mv in opening.split():
        board.push_uci(mv)
    board = chess.Board(board.fen())
    records = []
    played = 0
    decided_run = 0
    try:
        while not board.is_game_over(claim_draw=True) and board.ply() < MAX_PLIES:
            if board.turn != ours:
                board.push(opponent.play(board, opponent_limit).move)
                continue
            move = player.play(board, player_limit).move
            if move is None or move not in board.legal_moves:
                raise RuntimeError(f"{spec} game {index}: no legal move")
            played += 1
            before = judge.analyse(board, deep)
            best_eval = cp(before["score"], ours)
            best_pv = before.get("pv", [])
            if abs(best_eval) >= DECIDED:
                decided_run += 1
                board.push(move)
                if decided_run >= DECIDED_IN_A_ROW:
                    break
                continue
            decided_run = 0
            after_board = board.copy(stack=False)
            after_board.push(move)
            if best_pv and move == best_pv[0]:
                played_eval, reply_pv = best_eval, best_pv[1:]
            else:
                after = judge.analyse(after_board, deep)
                played_eval = cp(after["score"], ours)
                reply_pv = after.get("pv", []) if not after_board.is_game_over() else []
            loss = max(0, best_eval - played_eval)
            record = {"player": spec, "game": index, "fen": board.fen(),
                      "move": move.uci(), "best": best_pv[0].uci() if best_pv else None,
                      "eval": best_eval, "loss": loss}
            if loss >= ERROR:
                record["rank"], record["legal"], record["gap"] = depth_one_rank(looker, board, move)
            record["material"] = bool(
                loss >= HANG_LOSS and reply_pv
                and after_board.is_capture(reply_pv[0])
                and drop_after(board, move, reply_pv, ours) >= HANG_DROP
                and (not best_pv or drop_after(board, best_pv[0], best_pv[1:], ours) < HANG_DROP))
            record["hangs"] = hangs(record)
            records.append(record)
            board.push(move)
    finally:
        player.quit()
        opponent.quit()
        judge.quit()
        looker.quit()
    outcome = board.outcome(claim_draw=True)
    if outcome is not None:
        points = 0.5 if outcome.winner is None else float(outcome.winner == ours)
    elif decided_run >= DECIDED_IN_A_ROW:
        points = float(best_eval > 0)
    else:
        points = 0.5
    game = chess.pgn.Game.from_board(board)
    name = f"Chronomate level {spec}" if not spec.startswith("sf") else f"Stockfish {spec[2:]}"
    game.headers["White" if ours == chess.WHITE else "Black"] = name
    game.headers["Black" if ours == chess.WHITE else "White"] = f"Stockfish {args.opponent_elo}"
    game.headers["Event"] = "tools/judge"
    game.headers["Round"] = str(index + 1)
    return spec, index, points, played, records, str(game)


def rerank(args):
    """Ranks the errors of OUT/moves.jsonl again by a fresh depth-1 look,
    and prints the table's judged columns from it."""
    path = os.path.join(args.out, "moves.jsonl")
    with open(path) as f:
        records = [json.loads(line) for line in f if line.strip()]
    looker = chess.engine.SimpleEngine.popen_uci(args.stockfish)
    looker.configure({"Threads": 1, "Hash": 16})
    try:
        for r in records:
            # Records written before the depth-1 gap was kept: their
            # `hangs` was the material test alone.
            r.setdefault("material", r["hangs"])
            if r["loss"] >= ERROR:
                board = chess.Board(r["fen"])
                r["rank"], r["legal"], r["gap"] = depth_one_rank(
                    looker, board, chess.Move.from_uci(r["move"]))
            r["hangs"] = hangs(r)
    finally:
        looker.quit()
    with open(path, "w") as f:
        for r in records:
            f.write(json.dumps(r) + "\n")
    specs = []
    for r in records:
        if r["player"] not in specs:
            specs.append(r["player"])
    print("| who | judged | errors per 100 | errors among depth-1 top 5 "
          "| errors in its bottom half | hanging |")
    print("|---|---|---|---|---|---|")
    for spec in sorted(specs, key=lambda s: (s.startswith("sf"), s)):
        own = [r for r in records if r["player"] == spec]
        print(f"| {who(spec)} | {judged_columns(own)}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--engine")
    parser.add_argument("--rerank", action="store_true",
                        help="rank the errors of OUT/moves.jsonl again, play nothing")
    parser.add_argument("--stockfish", default="/usr/games/stockfish")
    parser.add_argument("--players", default="1,2,3,4,5,6,7,8,sf1350,sf1800")
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--opponent-elo", type=int, default=1350)
    parser.add_argument("--movetime", type=int, default=100)
    parser.add_argument("--depth", type=int, default=12)
    parser.add_argument("--concurrency", type=int, default=2)
    parser.add_argument("--seed", type=int, default=0,
                        help="the first opening's index in openings.txt")
    parser.add_argument("--out", default="judge")
    args = parser.parse_args()
    if args.rerank:
        rerank(args)
        return
    if not args.engine:
        parser.error("--engine is needed to play")
    os.makedirs(args.out, exist_ok=True)
    book = openings()
    specs = [p.strip() for p in args.players.split(",") if p.strip()]
    jobs = []
    for g in range(args.games):
        for spec in specs:
            opening = book[(args.seed + g // 2) % len(book)]
            ours = chess.WHITE if g % 2 == 0 else chess.BLACK
            jobs.append((g, spec, opening, ours, args))
    totals = {spec: {"games": 0, "w": 0, "d": 0, "l": 0, "played": 0, "judged": []}
              for spec in specs}
    with open(os.path.join(args.out, "moves.jsonl"), "w") as moves, \
            open(os.path.join(args.out, "games.pgn"), "w") as pgn, \
            multiprocessing.Pool(args.concurrency) as pool:
        for spec, index, points, played, records, text in pool.imap_unordered(play_and_judge, jobs):
            t = totals[spec]
            t["games"] += 1
            t["w" if points == 1 else "d" if points == 0.5 else "l"] += 1
            t["played"] += played
            t["judged"].extend(records)
            for r in records:
                moves.write(json.dumps(r) + "\n")
            pgn.write(text + "\n\n")
            print(f"{spec} game {index + 1}: {points} ({played} moves, "
                  f"{len(records)} judged)", file=sys.stderr, flush=True)
    print(f"against Stockfish UCI_Elo {args.opponent_elo} at {args.movetime} ms a move, "
          f"judged at depth {args.depth}, {args.games} games a player")
    print("| who | games | W-D-L | moves | judged | errors per 100 | errors among depth-1 top 5 "
          "| errors in its bottom half | hanging |")
    print("|---|---|---|---|---|---|---|---|---|")
    for spec in specs:
        t = totals[spec]
        print(f"| {who(spec)} | {t['games']} | {t['w']}-{t['d']}-{t['l']} | {t['played']} | "
              f"{judged_columns(t['judged'])}")


if __name__ == "__main__":
    main()
