#!/usr/bin/env -S node --max-semi-space-size=4
// The `benchfolio` command. It is a committed file rather than the build output itself, so that
// npm links it when a fresh clone is installed, before `prepare` has built dist/.
//
// The flag keeps V8's young generation small (4 MB semi-spaces instead of up to 16 or 32): a
// streamed parse (`parse --ndjson` of an iostat log of any size) then peaks at about 80 MB of RSS
// on a 1 GB log instead of about 100 MB; 1 MB semi-spaces hold it lower but cost a few percent
// more time in the collector. `env -S` splits the line into arguments (GNU coreutils 8.30+,
// macOS, the BSDs).
import module from 'node:module';

// Node 22.1+ keeps the compiled code of the modules loaded after this call in a cache on disk
// (under the OS temp folder; NODE_DISABLE_COMPILE_CACHE=1 turns it off): the command then starts
// in about 0.12 s instead of 0.14 s, most of it loading modules. Older Node has no such cache.
module.enableCompileCache?.();
await import('../dist/cli/main.js');
