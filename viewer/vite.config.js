// Builds each page (viewer.html, and future pages) into one self-contained HTML file: all
// JavaScript and CSS inlined, so the page opens from disk with no server and no network.
import { resolve } from 'node:path';
import { defineConfig } from 'vite';
import { viteSingleFile } from 'vite-plugin-singlefile';

const page = process.env.ARTICULA_PAGE || 'viewer';

export default defineConfig({
  root: resolve(import.meta.dirname ?? '.', 'src', page),
  base: './',
  logLevel: 'warn',
  plugins: [viteSingleFile()],
  build: {
    outDir: resolve(process.env.ARTICULA_WEB_OUT || 'dist', page),
    emptyOutDir: true,
    target: 'es2020',
    chunkSizeWarningLimit: 4096,
  },
});
