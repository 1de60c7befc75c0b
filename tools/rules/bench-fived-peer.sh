#!/usr/bin/env bash
# Times ftxi/5dchess_engine (the peer) on the positions that
# rules/benches/fived.rs measures, in the same run as Chronomate.
#
# The peer is built from its own source, outside this tree, with its own
# build system (C++23: g++ 12 or later, cmake 3.20 or later):
#
#   git clone https://github.com/ftxi/5dchess_engine /work/peers/5dchess_engine
#   cmake -S /work/peers/5dchess_engine -B /work/peers/5dchess_engine/build \
#         -DCMAKE_BUILD_TYPE=Release -DTOOLS=ON
#   make -C /work/peers/5dchess_engine/build 5dtools
#
# Then, from the repository root:
#
#   FIVED_PEER=/work/peers/5dchess_engine tools/rules/bench-fived-peer.sh
#
# This script compiles a small driver against the peer's core library (the
# driver is ours: it reads one 5DPGN file a position, builds the peer's
# state, and times the peer's default hypercuboid search in-process, as
# `5dtools count balanced 1000` and `5dtools checkmate` do it, without the
# process start and the parse), then runs the criterion bench with
# FIVED_PEER_DRIVER set: the bench writes every position it measures as a
# 5DPGN file (custom 5DFEN for boards the peer does not name), runs the
# driver on them, and prints both sides per game. Extra arguments go to
# `cargo bench` (like `-- count_1000/ctp1`).
set -euo pipefail

peer=${FIVED_PEER:?set FIVED_PEER to the peer source tree (see the comments above)}
build=${FIVED_PEER_BUILD:-$peer/build}
root=$(cd "$(dirname "$0")/../.." && pwd)
target=${CARGO_TARGET_DIR:-$root/target}
out=$target/fived-peer
mkdir -p "$out"

lib=$build/lib5dchess_core.a
if [[ ! -f $lib ]]; then
    echo "no $lib: build the peer first (see the comments at the top)" >&2
    exit 2
fi

cat > "$out/driver.cpp" <<'CPP'
// Times ftxi/5dchess_engine on 5DPGN positions: for each file, the number of
// legal actions capped at CAP and the checkmate decision, in-process.
#include <chrono>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>

#include "hypercuboid.h"
#include "pgnparser.h"
#include "state.h"

namespace {
using clock_type = std::chrono::steady_clock;

// Runs `f` until at least 50 ms have passed (at least once); the mean.
template <typename F> long long mean_ns(F f) {
    long long total = 0;
    int runs = 0;
    do {
        auto t0 = clock_type::now();
        f();
        total += std::chrono::duration_cast<std::chrono::nanoseconds>(clock_type::now() - t0).count();
        ++runs;
    } while (total < 50'000'000);
    return total / runs;
}
}

int main(int argc, char **argv) {
    if (argc < 3) {
        std::cerr << "usage: driver CAP FILE...\n";
        return 2;
    }
    const int cap = std::stoi(argv[1]);
    for (int i = 2; i < argc; ++i) {
        std::ifstream in(argv[i]);
        std::stringstream text;
        text << in.rdbuf();
        try {
            auto game = pgnparser(text.str()).parse_game();
            if (!game) throw std::runtime_error("no game");
            const state s(*game);
            int count = 0;
            long long count_ns = mean_ns([&] {
                auto [info, space] = HC_info::build_HC(s);
                count = 0;
                for (auto action : info.search(space)) {
                    (void)action;
                    if (++count == cap) break;
                }
            });
            int decision = 0;
            long long mate_ns = mean_ns([&] {
                auto [info, space] = HC_info::build_HC(s);
                if (info.search(space).first()) {
                    decision = 0;
                } else {
                    const auto [t, player] = s.get_present();
                    (void)t;
                    decision = s.phantom().find_checks(!player).first() ? 1 : 2;
                }
            });
            std::cout << argv[i] << '\t' << count << '\t' << count_ns << '\t' << decision << '\t'
                      << mate_ns << '\n';
        } catch (const std::exception &e) {
            std::cout << argv[i] << "\terror\t" << e.what() << '\n';
        }
    }
    return 0;
}
CPP

includes=()
for dir in src src/core src/misc src/client src/engine; do
    includes+=("-I$peer/$dir")
done
g++ -std=c++23 -O3 -DNDEBUG -DPROJECT_VERSION_STRING='"bench"' "${includes[@]}" \
    "$out/driver.cpp" "$lib" -o "$out/peer-driver"

cd "$root"
FIVED_PEER_DRIVER=$out/peer-driver nice -n 10 cargo bench -p chronomate-rules --bench fived "$@"
