import { z } from 'zod';

// zod compiles validators with `new Function` when eval is allowed, and probes for that as each
// object schema is made; the pages' Content-Security-Policy forbids eval and reports the probe as
// a violation. Imported first by the browser code that makes schemas (the console, the site
// search's check of its answers, the profile and plan-tick stores, the tracking page's messages),
// before any schema exists.
z.config({ jitless: true });
