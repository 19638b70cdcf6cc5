import { defineConfig } from "vite";
import { svelte } from "@sveltejs/vite-plugin-svelte";

export default defineConfig({
  plugins: [svelte()],
  clearScreen: false,
  build: {
    outDir: "dist",
    emptyOutDir: true,
    target: "es2022",
    // Everything is served from the app bundle: no inlined data: scripts, no remote assets.
    assetsInlineLimit: 0,
  },
  server: { port: 1420, strictPort: true },
});
