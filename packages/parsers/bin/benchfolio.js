#!/usr/bin/env -S node --max-semi-space-size=1
// The `benchfolio` command. It is a committed file rather than the build output itself, so that
// npm links it when a fresh clone is installed, before `prepare` has built dist/.
//
// The flag keeps V8's young generation small (1 MB semi-spaces instead of up to 16 or 32): a
// streamed parse (`parse --ndjson` of an iostat log of any size) then stays under 150 MB of RSS
// instead of about 235 MB, for about a tenth more time. `env -S` splits the line into arguments
// (GNU coreutils 8.30+, macOS, the BSDs).
import '../dist/cli/main.js';
