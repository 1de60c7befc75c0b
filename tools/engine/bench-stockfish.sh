#!/usr/bin/env bash
# Chronomate's engine against Debian's stockfish held to a rating
# (UCI_LimitStrength, UCI_Elo), both with the same time a move; colours
# alternate. Prints each game, the score from Chronomate's side and the
# Elo difference with its 95% margin (docs/cli.md, `match`).
#
#   tools/engine/bench-stockfish.sh                 # 20 games, level 8, 200 ms
#   GAMES=40 MILLIS=500 ELO=2000 LEVEL=8 tools/engine/bench-stockfish.sh
#
# Installs stockfish with apt-get if it is missing. The figures are noisy:
# a 20-game match has a margin of about 150 Elo, and a busy machine gives
# both engines less than their time.
set -euo pipefail

GAMES=${GAMES:-20}
MILLIS=${MILLIS:-200}
ELO=${ELO:-1800}
LEVEL=${LEVEL:-8}
SEED=${SEED:-1}

cd "$(dirname "$0")/../.."

# shellcheck source=tools/engine/stockfish.sh
. tools/engine/stockfish.sh

cargo build --release -q -p chronomate
chronomate="${CARGO_TARGET_DIR:-target}/release/chronomate"

echo "chronomate level $LEVEL vs $("$stockfish" <<< quit | head -1) at UCI_Elo $ELO, $MILLIS ms a move, $GAMES games" >&2
exec "$chronomate" match standard \
    --white "$LEVEL" \
    --against-uci "$stockfish" \
    --uci-option UCI_LimitStrength=true \
    --uci-option "UCI_Elo=$ELO" \
    --uci-option Threads=1 \
    --uci-option Hash=16 \
    --games "$GAMES" \
    --millis "$MILLIS" \
    --seed "$SEED"
