#!/usr/bin/env bash
# First README command: installs what is missing, builds, and starts the server
# on its embedded defaults (data/naumachia.db, a self-signed certificate made on
# first start, wss://127.0.0.1:8443). Extra arguments go to naumachia-server.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build build -j"$(nproc)" --target naumachia-server naumachia-admin naumachia
echo "client: $(pwd)/build/client-cli/naumachia   admin: $(pwd)/build/server/naumachia-admin"
echo "web client: https://HOST:PORT/ of the address the server listens on (default https://127.0.0.1:8443/)"
exec build/server/naumachia-server "$@"
