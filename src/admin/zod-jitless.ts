import { z } from 'zod';

// zod compiles validators with `new Function` when eval is allowed, and probes for that as each
// object schema is made; the page's Content-Security-Policy forbids eval and reports the probe as
// a violation. Imported first by the console, before any schema exists.
z.config({ jitless: true });
