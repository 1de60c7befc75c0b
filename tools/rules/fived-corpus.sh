#!/usr/bin/env bash
# Makes Chronomate's own 5D test corpus, rules/tests/fived/data/own, and
# holds Chronomate's answers on it against a peer's (a differential test).
#
# The games are played by engine/examples/fived_corpus.rs (the engine at
# low levels and uniform random turns, on several boards; see its SPECS
# for what each game is kept for) and written as 5DPGN by Chronomate's
# writer. The peer, ftxi/5dchess_engine (BSD-2-Clause), is built from its
# own source outside this tree, as tools/rules/bench-fived-peer.sh says:
#
#   git clone https://github.com/ftxi/5dchess_engine /work/peers/5dchess_engine
#   cmake -S /work/peers/5dchess_engine -B /work/peers/5dchess_engine/build \
#         -DCMAKE_BUILD_TYPE=Release -DTOOLS=ON
#   make -C /work/peers/5dchess_engine/build 5dtools
#
# Then, from the repository root:
#
#   FIVED_PEER=/work/peers/5dchess_engine tools/rules/fived-corpus.sh
#
# For every game and every position of it (the start, then after each
# turn) the peer reads the record cut there with its own 5DPGN parser
# (so every record Chronomate wrote is read back by another tool) and
# answers `5dtools count balanced 1000` (legal turns, capped at 1000) and
# `5dtools checkmate` (checkmate, stalemate or neither). The peer's answers
# are written to the corpus (counts.txt, mates.txt) with the games; the
# rules' tests (rules/tests/fived/counts.rs) hold Chronomate to them. Any
# position where Chronomate answers otherwise, or a record the peer cannot
# read, is printed and the script fails, leaving the corpus as it was.
set -euo pipefail

peer=${FIVED_PEER:?set FIVED_PEER to the peer source tree (see the comments above)}
build=${FIVED_PEER_BUILD:-$peer/build}
tools=$build/5dtools
root=$(cd "$(dirname "$0")/../.." && pwd)
target=${CARGO_TARGET_DIR:-$root/target}
out=$target/fived-corpus
dest=$root/rules/tests/fived/data/own

if [[ ! -x $tools ]]; then
    echo "no $tools: build the peer first (see the comments at the top)" >&2
    exit 2
fi

rm -rf "$out"
cd "$root"
nice -n 10 cargo run --release -p chronomate-engine --example fived_corpus -- "$out"

# The peer's capped count of one position file, or "error".
count() {
    local text
    if text=$("$tools" count balanced 1000 <"$1" 2>&1) && [[ $text =~ totally\ ([0-9]+)\ options ]]; then
        echo "${BASH_REMATCH[1]}"
    else
        echo "error: $text" | head -n 1 >&2
        echo error
    fi
}

# The peer's decision on one position file: n (a legal turn exists),
# c (checkmate), s (stalemate), or e (it could not answer).
decide() {
    local text
    text=$("$tools" checkmate <"$1" 2>&1) || true
    case $text in
        "Not checkmate"*) echo n ;;
        Checkmate*) echo c ;;
        Stalemate*) echo s ;;
        *) echo e ;;
    esac
}

status=0
: >"$out/counts.txt"
: >"$out/mates.txt"
for game in "$out"/games/*.5dpgn; do
    name=$(basename "$game" .5dpgn)
    positions=$(find "$out/positions/$name" -name '*.5dpgn' | wc -l)
    counts=()
    mates=""
    for ((i = 0; i < positions; i++)); do
        file=$out/positions/$name/$i.5dpgn
        counts+=("$(count "$file")")
        mates+=$(decide "$file")
    done
    theirs_counts=${counts[*]}
    ours_counts=$(sed -n "s/^$name counts: //p" "$out/ours.txt")
    ours_mates=$(sed -n "s/^$name mates: //p" "$out/ours.txt")
    echo "$name.5dpgn: $theirs_counts" >>"$out/counts.txt"
    echo "$name.5dpgn: $mates" >>"$out/mates.txt"
    if [[ $theirs_counts != "$ours_counts" || $mates != "$ours_mates" ]]; then
        echo "$name: the peer and Chronomate disagree" >&2
        echo "  peer counts:       $theirs_counts" >&2
        echo "  Chronomate counts: $ours_counts" >&2
        echo "  peer mates:        $mates" >&2
        echo "  Chronomate mates:  $ours_mates" >&2
        status=1
    else
        echo "$name: $positions positions agree"
    fi
done

if [[ $status != 0 ]]; then
    echo "disagreements: the corpus in $dest is left as it was" >&2
    exit "$status"
fi

mkdir -p "$dest"
rm -f "$dest"/*.5dpgn
cp "$out"/games/*.5dpgn "$dest/"
cp "$out/counts.txt" "$out/mates.txt" "$dest/"
commit=$(git -C "$peer" rev-parse HEAD 2>/dev/null || echo unknown)
echo "corpus written to $dest (peer commit $commit)"
