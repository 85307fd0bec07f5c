import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './precompress';

/**
 * In development Vite serves the console and forwards `/graphql` (HTTP and
 * WebSocket) to the API, so the console stays same-origin as in production
 * and the SameSite=Strict session cookie keeps working.
 */
export default defineConfig({
  // precompress(): the API serves the build's .br/.gz files by Accept-Encoding (apps/api/src/edge/http/console-files.ts).
  plugins: [react(), precompress()],
  server: {
    proxy: {
      '/graphql': { target: 'http://127.0.0.1:4000', ws: true, changeOrigin: false },
    },
  },
});
