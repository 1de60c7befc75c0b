#!/usr/bin/env bash
# Times our renderer against the peer a user would reach for: python-chess's
# SVG board rasterised to PNG by cairosvg, same position, 512 px; and for
# replays the same game as a GIF written by Pillow from those PNGs (one
# frame per position, Pillow quantising each frame), in one run.
#
#   tools/render/bench-peer.sh [N] [-- CRITERION ARGS]   # N peer renders (default 200)
#
# Installs python-chess ("chess" on PyPI), cairosvg and Pillow into a
# virtualenv under target/, and libcairo2 with apt-get if the system lacks
# it, then runs the criterion bench and prints both figures and their ratio,
# as wall time and as the thread's CPU time (the development machine is
# shared; CPU time is what a loaded machine disturbs least).
set -euo pipefail

N="${1:-200}"
shift || true
[ "${1:-}" = "--" ] && shift
CRITERION_ARGS=("$@")
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
VENV="${CARGO_TARGET_DIR:-$ROOT/target}/bench-peer-venv"
GAME="$ROOT/render/benches/data/standard-60-moves.txt"

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
"$VENV/bin/python" -c 'import chess, cairosvg, PIL' 2>/dev/null || {
    echo "== installing chess (python-chess), cairosvg and pillow"
    "$VENV/bin/pip" install -q chess cairosvg pillow
}

echo "== peer: python-chess SVG + cairosvg, 512 px PNG, $N renders; the game as a GIF with Pillow"
PEER="$("$VENV/bin/python" - "$N" "$GAME" <<'PY'
import io, sys, time
import chess, chess.svg, cairosvg
from PIL import Image

n = int(sys.argv[1])
# The benchmark position (render/tests/it/common: middlegame), white at the
# bottom, last move Bc4xf7+ and the checked king marked.
board = chess.Board("r1bqk2r/pppp1Bpp/2n2n2/2b1p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 0 4")
lastmove = chess.Move.from_uci("c4f7")

def png(board, lastmove):
    check = board.king(board.turn) if board.is_check() else None
    svg = chess.svg.board(board, size=512, lastmove=lastmove, check=check, coordinates=True)
    return cairosvg.svg2png(bytestring=svg.encode(), output_width=512, output_height=512)

def timed(f, reps):
    w, c = time.perf_counter(), time.thread_time()
    for _ in range(reps):
        out = f()
    return (time.perf_counter() - w) * 1000 / reps, (time.thread_time() - c) * 1000 / reps, out

for _ in range(5):
    png(board, lastmove)
wall, cpu, one = timed(lambda: png(board, lastmove), n)
print(f"{wall:.3f} {cpu:.3f}")
print(f"peer board: {wall:.2f} ms wall, {cpu:.2f} ms CPU ({len(one)} bytes PNG)", file=sys.stderr)

# The 60-move game: every position drawn, then one GIF, 800 ms a frame.
moves = [l.strip() for l in open(sys.argv[2]) if l.strip()]
def gif():
    b = chess.Board()
    frames = [Image.open(io.BytesIO(png(b, None)))]
    for san in moves:
        mv = b.parse_san(san)
        b.push(mv)
        frames.append(Image.open(io.BytesIO(png(b, mv))))
    out = io.BytesIO()
    frames[0].save(out, format="GIF", save_all=True, append_images=frames[1:], duration=800, loop=0)
    return out.getvalue()
wall, cpu, data = timed(gif, 3)
print(f"{wall:.3f} {cpu:.3f} {len(data)}")
print(f"peer gif: {len(moves) + 1} frames, {wall:.1f} ms wall, {cpu:.1f} ms CPU, {len(data)} bytes", file=sys.stderr)
PY
)"
read -r PEER_MS PEER_CPU <<<"$(sed -n 1p <<<"$PEER")"
read -r PEER_GIF_MS PEER_GIF_CPU PEER_GIF_BYTES <<<"$(sed -n 2p <<<"$PEER")"

echo "== ours: cargo bench -p chronomate-render --bench render"
OUT="$(mktemp)"
(cd "$ROOT" && cargo bench -p chronomate-render --bench render -- "${CRITERION_ARGS[@]}" 2>&1) | tee "$OUT"

# Criterion prints "time:   [low mid high]" under each bench name; take mid.
median_ms() {
    awk -v name="$1" '
        $1 == name || index($0, name " ") == 1 { hit = 1 }
        hit && /time:/ {
            sub(/.*\[/, ""); split($0, f, " ");
            v = f[3]; u = f[4];
            if (u == "ns") v /= 1e6; else if (u ~ /^(µs|us)$/) v /= 1e3; else if (u == "s") v *= 1e3;
            printf "%.3f\n", v; exit
        }' "$OUT"
}
OURS_MS="$(median_ms board_8x8_512px_png)"
OURS_CPU="$(median_ms cpu/board_8x8_512px_png)"
GIF_MS="$(median_ms gif/standard_60_moves_512px)"
GIF_CPU="$(median_ms cpu/gif/standard_60_moves_512px)"
GIF_BYTES="$(sed -n 's/^gif\/standard_60_moves_512px: .*, \([0-9]*\) bytes$/\1/p' "$OUT" | head -1)"
SNAP_MS="$(median_ms snapshot/timelines_21x40)"
SNAP_CPU="$(median_ms cpu/snapshot/timelines_21x40)"
GRID_MS="$(median_ms snapshot/grid_1000)"
GRID_CPU="$(median_ms cpu/snapshot/grid_1000)"
rm -f "$OUT"

ratio() { awk -v p="$1" -v o="$2" 'BEGIN { if (o > 0) printf "%.1fx", p / o; else printf "?" }'; }
echo
echo "== summary (same machine, same run; wall / thread CPU, ms)"
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null)"
echo "one 8x8 board, 512 px PNG:   ours ${OURS_MS} / ${OURS_CPU}   peer ${PEER_MS} / ${PEER_CPU}   peer/ours $(ratio "$PEER_MS" "$OURS_MS") / $(ratio "$PEER_CPU" "$OURS_CPU")"
echo "60-move game as GIF, 512 px: ours ${GIF_MS} / ${GIF_CPU} (${GIF_BYTES} bytes)   peer ${PEER_GIF_MS} / ${PEER_GIF_CPU} (${PEER_GIF_BYTES} bytes)   peer/ours $(ratio "$PEER_GIF_MS" "$GIF_MS") / $(ratio "$PEER_GIF_CPU" "$GIF_CPU")"
echo "21 x 40 timelines snapshot:  ours ${SNAP_MS} / ${SNAP_CPU}"
echo "1,000-board grid:            ours ${GRID_MS} / ${GRID_CPU}"
