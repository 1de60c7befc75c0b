#!/usr/bin/env bash
# Times our renderer against the peer a user would reach for: python-chess's
# SVG board rasterised to PNG by cairosvg, same position, 512 px, in one run.
#
#   render/bench-peer.sh [N]        # N peer renders (default 200)
#
# Installs python-chess ("chess" on PyPI) and cairosvg into a virtualenv under
# target/, and libcairo2 with apt-get if the system lacks it, then runs the
# criterion bench and prints both figures and their ratio.
set -euo pipefail

N="${1:-200}"
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
VENV="$ROOT/target/bench-peer-venv"

if ! ldconfig -p 2>/dev/null | grep -q 'libcairo\.so\.2'; then
    echo "== installing libcairo2"
    SUDO=""
    [ "$(id -u)" -ne 0 ] && SUDO="sudo"
    $SUDO apt-get update -qq && $SUDO apt-get install -y -qq libcairo2 >/dev/null
fi

if [ ! -x "$VENV/bin/python" ]; then
    echo "== creating $VENV"
    python3 -m venv "$VENV"
fi
"$VENV/bin/python" -c 'import chess, cairosvg' 2>/dev/null || {
    echo "== installing chess (python-chess) and cairosvg"
    "$VENV/bin/pip" install -q chess cairosvg
}

echo "== peer: python-chess SVG + cairosvg, 512 px PNG, $N renders"
PEER_MS="$("$VENV/bin/python" - "$N" <<'PY'
import sys, time
import chess, chess.svg, cairosvg

n = int(sys.argv[1])
# The benchmark position (render/tests/common: middlegame), white at the
# bottom, last move Bc4xf7+ and the checked king marked.
board = chess.Board("r1bqk2r/pppp1Bpp/2n2n2/2b1p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 0 4")
lastmove = chess.Move.from_uci("c4f7")

def render():
    svg = chess.svg.board(board, size=512, lastmove=lastmove, check=chess.E8, coordinates=True)
    return cairosvg.svg2png(bytestring=svg.encode(), output_width=512, output_height=512)

for _ in range(5):
    png = render()
t = time.perf_counter()
for _ in range(n):
    png = render()
ms = (time.perf_counter() - t) * 1000 / n
print(f"{ms:.3f}")
print(f"peer: {ms:.2f} ms/render ({len(png)} bytes PNG)", file=sys.stderr)
PY
)"

echo "== ours: cargo bench -p chronomate-render --bench render"
OUT="$(mktemp)"
(cd "$ROOT" && cargo bench -p chronomate-render --bench render 2>&1) | tee "$OUT"

# Criterion prints "time:   [low mid high]" under each bench name; take mid.
median_ms() {
    awk -v name="$1" '
        index($0, name) { hit = 1 }
        hit && /time:/ {
            sub(/.*\[/, ""); split($0, f, " ");
            v = f[3]; u = f[4];
            if (u == "ns") v /= 1e6; else if (u ~ /^(µs|us)$/) v /= 1e3; else if (u == "s") v *= 1e3;
            printf "%.3f\n", v; exit
        }' "$OUT"
}
OURS_MS="$(median_ms board_8x8_512px_png)"
SNAP_MS="$(median_ms timelines_21x40)"
rm -f "$OUT"

echo
echo "== summary (same machine, same run)"
echo "peer  python-chess + cairosvg, 512 px board: ${PEER_MS} ms/render"
echo "ours  chronomate-render, 512 px board:       ${OURS_MS} ms/render"
echo "ours  21 x 40 timelines snapshot:            ${SNAP_MS} ms/render"
awk -v p="$PEER_MS" -v o="$OURS_MS" 'BEGIN { if (o > 0) printf "ratio peer/ours (512 px board): %.1fx\n", p / o }'
