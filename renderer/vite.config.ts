import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The UI is built once into renderer/dist and served by `flowscope serve` (and by the desktop app).
export default defineConfig({
  root: import.meta.dirname,
  base: './',
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 4000, sourcemap: true },
  worker: { format: 'es' },
});
