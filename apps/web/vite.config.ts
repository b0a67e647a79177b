import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  // The API serves the built app at / with an SPA fallback, so asset URLs must be absolute.
  base: '/',
  server: {
    proxy: {
      '/v1': 'http://localhost:8080',
      // Finished CSV exports are served by the API from the downloads path.
      '/downloads': 'http://localhost:8080',
    },
  },
  build: {
    // WEB_DIST_DIR: side-by-side end-to-end runs build into their own folder (the API reads the same variable).
    outDir: process.env.WEB_DIST_DIR ?? 'dist',
    emptyOutDir: true,
  },
});
