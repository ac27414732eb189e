import { defineConfig } from 'astro/config';
import react from '@astrojs/react';

// Pages are pre-rendered from the API at build time; SITE_URL gives canonical URLs and the sitemap.
// Incremental builds: pages whose cacheKey (a hash of the data they render) and code are unchanged
// are copied from the previous build (kept in cacheDir) instead of being rendered again.
export default defineConfig({
  site: process.env.SITE_URL ?? 'http://localhost:4321',
  output: 'static',
  outDir: process.env.ASTRO_OUT_DIR ?? './dist',
  cacheDir: process.env.ASTRO_CACHE_DIR ?? './node_modules/.astro',
  trailingSlash: 'always',
  integrations: [react()],
  build: { format: 'directory', inlineStylesheets: 'always' },
  experimental: { incrementalBuild: true },
});
