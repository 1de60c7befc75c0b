#!/usr/bin/env bash
# Issue 16's strength targets for the time-travel variants, measured:
# per variant, level 8 against a random mover (target 95%) and against a
# greedy one-ply material player (80%), each level against the one below
# (65%), colours alternating; then the time a move per level (target:
# level 1 well under 100 ms, level 8 within 2 s of one core). Prints, per
# pairing, W-D-L, the score, the Elo difference with its 95% margin and
# whether the target is met (see engine/examples/ladder.rs and docs/engine.md,
# "The ladder in the time-travel variants").
#
#   tools/engine/bench-ladder.sh                        # docs/engine.md's figures
#   VARIANTS=gifford GAMES=60 TOP_GAMES=30 tools/engine/bench-ladder.sh
#
# With the defaults it takes about an hour and a half on 2 cores, most of
# it Gifford's and Temporal's top pairings.
#
# The multiverse is left out by default: its games run to hundreds of
# board moves, each searched apart (docs/engine.md gives its smaller runs).
#
# No time limit: levels are node budgets, so the games (and the scores)
# are the same on any machine; only the times depend on it. Each pairing
# line can be replayed with `chronomate match VARIANT --white A --black B
# --games N --seed SEED`. THREADS games run at once.
set -euo pipefail

VARIANTS=${VARIANTS:-traveler,gifford,temporal,manyworlds}
GAMES=${GAMES:-100}         # games a pairing of levels 1 to 6
TOP_GAMES=${TOP_GAMES:-60}  # games a pairing with level 7 or 8
POSITIONS=${POSITIONS:-8}   # positions a variant timed
THREADS=${THREADS:-2}
SEED=${SEED:-1}

cd "$(dirname "$0")/../.."
cargo build --release -q -p chronomate-engine --example ladder
ladder="${CARGO_TARGET_DIR:-target}/release/examples/ladder"

common=(--variants "$VARIANTS" --seed "$SEED" --threads "$THREADS")
"$ladder" "${common[@]}" --games "$TOP_GAMES" --pairs 8:random,8:greedy,8:7,7:6
"$ladder" "${common[@]}" --games "$GAMES" --pairs 2:1,3:2,4:3,5:4,6:5
"$ladder" --variants "$VARIANTS" --seed "$SEED" --timing "$POSITIONS"
