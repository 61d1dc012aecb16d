import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

export default defineConfig({
  plugins: [
    react(),
    // The server sends these pre-compressed files as they are (no compression per request).
    compression({
      algorithms: [defineAlgorithm('gzip', { level: 9 }), defineAlgorithm('brotliCompress')],
      include: /\.(js|css|html|svg|json)$/,
      threshold: 512,
    }),
  ],
  build: {
    target: 'es2022',
    // bench/ reads which chunks the home route loads first.
    manifest: true,
    assetsInlineLimit: 0,
  },
  server: {
    proxy: { '/sdk': 'http://localhost:8080', '/healthz': 'http://localhost:8080' },
  },
});
