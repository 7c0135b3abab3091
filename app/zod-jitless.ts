import { z } from 'zod';

// Zod compiles its parsers with `new Function` where eval is allowed, and tries it to find out the first time a
// schema parses; the page's policy allows no eval (entry.server.tsx), so the browser would report the try as a
// violation. Pages use the plain parsers; the server keeps the compiled ones. root.tsx imports this module, and
// vite.config.ts puts it in Zod's own chunk, so it runs as Zod loads, before any module builds a schema.
if (typeof document !== 'undefined') z.config({ jitless: true });
