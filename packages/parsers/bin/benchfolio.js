#!/usr/bin/env node
// The `benchfolio` command. It is a committed file rather than the build output itself, so that
// npm links it when a fresh clone is installed, before `prepare` has built dist/.
import '../dist/cli/main.js';
