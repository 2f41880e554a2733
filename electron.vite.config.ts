import { resolve } from 'node:path'
import vue from '@vitejs/plugin-vue'
import { defineConfig } from 'electron-vite'
import type { Plugin } from 'vite'
import { withCsp, withoutCsp } from './electron/node/csp'
import { contractNames } from './shared/contract/inject-names'

/**
 * renderer/index.html carries the Electron CSP in its source, where reviewers and Electronegativity
 * read it (a test keeps it equal to csp.ts). The build writes it again from csp.ts, so the shipped
 * page carries exactly that policy (web mode swaps in its own when it serves the page); the dev
 * server drops it, because Vite injects styles inline there.
 */
function contentSecurityPolicy(): Plugin {
  return {
    name: 'reelbox-csp',
    transformIndexHtml: (html, context) => (context.server ? withoutCsp(html) : withCsp(html, 'electron')),
  }
}

export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      // keytar is an optionalDependency (not externalized by default): bundling would copy its
      // native module into out/ where electron-builder cannot rebuild it for Electron.
      externalizeDeps: { include: ['keytar'] },
      rollupOptions: { input: { index: resolve('electron/main/index.ts') } },
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      // A sandboxed preload cannot load modules: one self-contained CommonJS file.
      externalizeDeps: false,
      rollupOptions: {
        input: { index: resolve('electron/preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: 'renderer',
    define: {
      ...contractNames(),
      __VUE_OPTIONS_API__: 'false',
      __VUE_PROD_DEVTOOLS__: 'false',
      __VUE_PROD_HYDRATION_MISMATCH_DETAILS__: 'false',
      __VUE_I18N_FULL_INSTALL__: 'false',
      __VUE_I18N_LEGACY_API__: 'false',
      __INTLIFY_PROD_DEVTOOLS__: 'false',
    },
    plugins: [vue(), contentSecurityPolicy()],
    resolve: { alias: { '@': resolve('renderer/src'), '@shared': resolve('shared') } },
    build: {
      outDir: 'out/renderer',
      minify: true,
      rollupOptions: { input: resolve('renderer/index.html') },
    },
  },
})
