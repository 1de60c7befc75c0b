#!/usr/bin/env bash
# How the standard levels err, judged by Stockfish (tools/judge/judge.py;
# docs/engine.md, "How the levels err"). Installs Debian's stockfish
# (apt-get) where missing and python-chess into a virtual environment
# under the build folder, builds the engine's UCI example, then plays and
# judges. Variables:
#
#   GAMES        games a player (4)
#   PLAYERS      levels and Stockfish ratings (1,2,3,4,5,6,7,8,sf1350,sf1800)
#   CONCURRENCY  games at once (2)
#   SEED         the first opening's line in tools/engine/openings.txt (0)
#   OUT          where the moves and games go (the build folder's judge/)
#   ENGINE       a UCI engine to judge instead of this tree's build
#
#   tools/judge/judge.sh
#   GAMES=2 PLAYERS=3,5,sf1350 tools/judge/judge.sh
#   OUT=DIR tools/judge/judge.sh --rerank    # rank DIR's errors again
set -euo pipefail

cd "$(dirname "$0")/../.."
target=${CARGO_TARGET_DIR:-target}
case $target in /*) ;; *) target="$(pwd)/$target" ;; esac

# shellcheck source=tools/engine/stockfish.sh
. tools/engine/stockfish.sh
venv="$target/judge-venv"
if ! "$venv/bin/python" -c 'import chess' 2>/dev/null; then
    python3 -m venv "$venv" >&2
    "$venv/bin/pip" install -q chess >&2
fi

engine=${ENGINE:-}
if [ -z "$engine" ]; then
    cargo build --release -q -p chronomate-engine --example uci
    engine="$target/release/examples/uci"
fi

exec nice -n 10 "$venv/bin/python" tools/judge/judge.py \
    --engine "$engine" --stockfish "$stockfish" \
    --games "${GAMES:-4}" \
    --players "${PLAYERS:-1,2,3,4,5,6,7,8,sf1350,sf1800}" \
    --concurrency "${CONCURRENCY:-2}" \
    --seed "${SEED:-0}" \
    --out "${OUT:-$target/judge}" "$@"
