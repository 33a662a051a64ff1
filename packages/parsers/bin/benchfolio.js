#!/usr/bin/env -S node --max-semi-space-size=4
// The `benchfolio` command. It is a committed file rather than the build output itself, so that
// npm links it when a fresh clone is installed, before `prepare` has built dist/.
//
// The flag keeps V8's young generation small (4 MB semi-spaces instead of up to 16 or 32): a
// streamed parse (`parse --ndjson` of an iostat log of any size) then peaks at about 75 MB of RSS
// on a 1 GB log instead of about 100 MB; 1 MB semi-spaces hold it near 68 MB but cost a few
// percent more time in the collector. `env -S` splits the line into arguments (GNU coreutils
// 8.30+, macOS, the BSDs).
import '../dist/cli/main.js';
