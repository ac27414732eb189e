import { defineConfig } from 'astro/config';
import react from '@astrojs/react';

// Pages are pre-rendered from the API at build time; SITE_URL gives canonical URLs and the sitemap.
export default defineConfig({
  site: process.env.SITE_URL ?? 'http://localhost:4321',
  output: 'static',
  outDir: process.env.ASTRO_OUT_DIR ?? './dist',
  trailingSlash: 'always',
  integrations: [react()],
  build: { format: 'directory', inlineStylesheets: 'always' },
});
