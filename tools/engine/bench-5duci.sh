#!/usr/bin/env bash
# Chronomate's 5DUCI engine against one of ftxi's 5DUCI engines
# (github.com/ftxi/5dchess_engine: `5dchess linear`, `mcts`, ...), both
# with the same time a turn, refereed by Chronomate's rules; colours
# alternate. Prints each game, the score from Chronomate's side, the Elo
# difference with its 95% margin, and each side's average time a turn
# (engine/examples/fived_match.rs; docs/engine.md, "5DUCI").
#
#   FTXI=path/to/build/5dchess tools/engine/bench-5duci.sh
#   GAMES=10 MILLIS=1000 LEVEL=8 OPPONENT=mcts START=standard FTXI=... tools/engine/bench-5duci.sh
#   OPENING=2 ...: each pair of games (one with each colour) starts after 2
#   random turns, so that engines without a clock's noise vary their games;
#   SEED=100 draws those openings from another seed (pair k from SEED + k)
#   MOVES=1 prints each game's moves; STDERR=1 passes the engines' stderr on
#
# ftxi's engine is built outside this tree: cmake -S 5dchess_engine -B
# build -DENGINE=ON -DCMAKE_BUILD_TYPE=Release, then make -C build 5dchess.
# Each turn both engines run alone (turns alternate), so a busy machine
# slows both alike; a 10-game match has a margin of 200 Elo or more.
set -euo pipefail

GAMES=${GAMES:-10}
MILLIS=${MILLIS:-1000}
LEVEL=${LEVEL:-8}
# Milliseconds Chronomate keeps back from each turn's time: its search
# overruns a busy machine's movetime (a node lists up to 1,000 turns), and
# 400 brought its average turn under ftxi's (docs/engine.md, "5DUCI").
OVERHEAD=${OVERHEAD:-400}
OPPONENT=${OPPONENT:-linear}
START=${START:-turn-zero}
MAX_TURNS=${MAX_TURNS:-150}
# Milliseconds past MILLIS an engine may take before it loses on time
# (ftxi's rollouts can overrun their movetime by seconds).
GRACE=${GRACE:-30000}
FTXI=${FTXI:?set FTXI to ftxi\'s 5dchess executable}

cd "$(dirname "$0")/../.."

cargo build --release -q -p chronomate-engine --example fiveduci --example fived_match
examples="${CARGO_TARGET_DIR:-target}/release/examples"

echo "chronomate level $LEVEL vs ftxi $OPPONENT, $START, $MILLIS ms a turn, $GAMES games" >&2
exec "$examples/fived_match" \
    --a "$examples/fiveduci" --a-option "Level=$LEVEL" --a-option "Move Overhead=$OVERHEAD" \
    --b "$FTXI $OPPONENT" \
    --games "$GAMES" \
    --movetime "$MILLIS" \
    --start "$START" \
    --max-turns "$MAX_TURNS" \
    --grace "$GRACE" \
    ${OPENING:+--opening-turns "$OPENING"} \
    ${SEED:+--seed "$SEED"} \
    ${MOVES:+--moves} \
    ${STDERR:+--stderr}
