#!/bin/sh
# The server as production runs it: the process becomes node (exec), so a signal sent to this
# command (SIGTERM from the platform, Ctrl-C) reaches the server itself, which drains and exits.
# Run by `npm start` (after building) and by `npm start -w apps/server`; a platform can run this
# file, or the node command below, directly.
# MALLOC_*: glibc keeps fewer, smaller arenas (lower resident memory under concurrency).
server=$(dirname "$0")/..
exec env MALLOC_ARENA_MAX=2 MALLOC_MMAP_THRESHOLD_=131072 node --enable-source-maps --max-semi-space-size=4 --max-old-space-size=192 --wasm-lazy-compilation "$server/dist/main.js" "$@"
