# Sourced by the engine's bench scripts: sets `stockfish` to Stockfish's
# path, installing Debian's `stockfish` package (apt-get) where it is
# missing. Debian puts it in /usr/games, often off the PATH.
stockfish=$(command -v stockfish || true)
if [ -z "$stockfish" ] && [ -x /usr/games/stockfish ]; then
    stockfish=/usr/games/stockfish
fi
if [ -z "$stockfish" ]; then
    echo "installing stockfish" >&2
    if [ "$(id -u)" -eq 0 ]; then
        apt-get install -y stockfish >&2 || { apt-get update >&2 && apt-get install -y stockfish >&2; }
    else
        sudo apt-get install -y stockfish >&2
    fi
    stockfish=$(command -v stockfish || echo /usr/games/stockfish)
fi
