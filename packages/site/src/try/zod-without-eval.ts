// Loaded by the /try page and by its worker before the parsers, so before any zod schema is made.
//
// zod compiles fast object parsers with `new Function` where it may, and finds out whether it
// may by trying once: under the site's Content-Security-Policy (no 'unsafe-eval',
// lib/content-security-policy.ts) that try is refused and reported as a violation. Told to be
// jitless, zod never tries, and parses with its interpreter, as it does when the try fails.

import { config } from 'zod';

config({ jitless: true });
