import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * In development Vite serves the console and forwards `/graphql` (HTTP and
 * WebSocket) to the API, so the console stays same-origin as in production
 * and the SameSite=Strict session cookie keeps working.
 */
export default defineConfig({
  plugins: [react()],
  server: {
    proxy: {
      '/graphql': { target: 'http://127.0.0.1:4000', ws: true, changeOrigin: false },
    },
  },
});
