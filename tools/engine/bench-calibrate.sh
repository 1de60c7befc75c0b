#!/usr/bin/env bash
# The standard-chess levels in Elo, and how they err (docs/engine.md,
# "Levels in Elo"): each level against Stockfish 15.1 held to a rating
# (UCI_LimitStrength, UCI_Elo; Stockfish at MILLIS a move, Chronomate at
# its level's node budget, level 8 also at MILLIS a move), the games kept
# as PGN, then judged by Stockfish for one-move blunders and recaptures
# taken (tools/engine/calibrate.py). Installs stockfish (apt-get) and
# python-chess (pip) where missing.
#
#   tools/engine/bench-calibrate.sh                  # 200 ms a move
#   PAIRS="8:2400" GAMES=100 tools/engine/bench-calibrate.sh
#   SF_NODES=128000 ENGINE_NODES=175000 tools/engine/bench-calibrate.sh
#
# On a loaded machine 200 ms of wall time is much less of a core: with
# SF_NODES Stockfish plays N nodes a move instead, and level 8 (which
# otherwise plays MILLIS a move) ENGINE_NODES; the other levels always
# play their node budget. docs/engine.md's table was measured that way, N being
# what each engine searches in 200 ms of one core's CPU time there.
#
# Each level plays the rating closest to its published Elo
# (Level::elo) at or above Stockfish's floor of 1350: levels whose Elo
# is below it are measured in the ladder (engine/examples/ladder.rs
# --variants standard) against the level above, whose Elo is known. Run
# under `nice`; CONCURRENCY games at once (2: the machine has 2 cores).
set -euo pipefail

GAMES=${GAMES:-100}
MILLIS=${MILLIS:-200}
CONCURRENCY=${CONCURRENCY:-2}
OUT=${OUT:-calibration}
# level:rating pairs.
PAIRS=${PAIRS:-"4:1350 5:1600 6:1850 7:2100 8:2400"}
SF_NODES=${SF_NODES:-}
ENGINE_NODES=${ENGINE_NODES:-}

cd "$(dirname "$0")/../.."

# shellcheck source=tools/engine/stockfish.sh
. tools/engine/stockfish.sh
python3 -c 'import chess' 2>/dev/null || pip install chess >&2

cargo build --release -q -p chronomate-engine --example uci
# CARGO_TARGET_DIR may be absolute or relative to the repository's root.
target=${CARGO_TARGET_DIR:-target}
case $target in /*) ;; *) target="$(pwd)/$target" ;; esac
engine="$target/release/examples/uci"
mkdir -p "$OUT"
uptime

sf=(--movetime "$MILLIS")
top=(--engine-movetime "$MILLIS")
if [ -n "$SF_NODES" ]; then sf=(--sf-nodes "$SF_NODES"); fi
if [ -n "$ENGINE_NODES" ]; then top=(--engine-nodes "$ENGINE_NODES"); fi

for pair in $PAIRS; do
    level=${pair%%:*}
    elo=${pair##*:}
    # Levels 1 to 7 play their node budget, level 8 its time (or nodes).
    own=()
    if [ "$level" = 8 ]; then own=("${top[@]}"); fi
    nice -n 10 python3 tools/engine/calibrate.py --stockfish "$stockfish" --concurrency "$CONCURRENCY" \
        stockfish --engine "$engine" --level "$level" --elo "$elo" --games "$GAMES" \
        "${sf[@]}" "${own[@]}" --pgn "$OUT/level$level-$elo.pgn"
    uptime
done

nice -n 10 python3 tools/engine/calibrate.py --stockfish "$stockfish" --concurrency "$CONCURRENCY" \
    judge "$OUT"/level*.pgn
