// The console builds into dist/, served by the API process at /console/. `npm run console:dev` runs
// this with hot reload and sends /graphql to the API (CONSOLE_API_URL, default http://127.0.0.1:3000).
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  base: '/console/',
  plugins: [react()],
  resolve: {
    // The repository root keeps React 18 for the GraphQL explorer; the console's React 19 lives in
    // console/node_modules, and every library must get that one.
    dedupe: ['react', 'react-dom'],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
  },
  server: {
    proxy: { '/graphql': process.env.CONSOLE_API_URL ?? 'http://127.0.0.1:3000' },
  },
});
