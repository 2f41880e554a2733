import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { dynamicSymbols, loadedNativeFiles, nativePackages } from '../support/native'

/**
 * One build of each native module serves Node (web mode, the command, the tests) and Electron's
 * main process only if it is a Node-API addon: Node-API is the one binary interface that stays
 * the same across Node versions and Electron, whose Node has its own module version (an addon
 * built against V8's C++ interface loads in the one Node it was built for). So no
 * `electron-rebuild` before packaging (electron-builder.yml sets `npmRebuild: false`).
 * Node-API holds forward: keytar built from source against Node 20's headers loads in Node 24,
 * but built against Node 24's it crashes Node 20 on load (both seen here). Build with the oldest
 * Node the app must serve; CI builds with 24, Electron 45's.
 */
const root = path.resolve('.')
const packageOf = (file: string): string => /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(path.relative(root, file))?.[1] ?? file

describe('native modules', () => {
  it('keytar, sharp (through @img) and the SQLite package load one .node file each, and each is a Node-API addon', async () => {
    const { files } = await loadedNativeFiles(process.execPath, root, { packages: nativePackages })
    expect(files.map(packageOf).sort()).toEqual(['@img/sharp-linux-x64', '@photostructure/sqlite', 'keytar'])
    for (const file of files) {
      const { defined, imported } = await dynamicSymbols(file)
      expect(defined, file).toContain('napi_register_module_v1')
      expect(defined.filter((name) => name.startsWith('node_register_module_v')), file).toEqual([])
      expect(imported.filter((name) => /^_ZN(2v8|4node)/.test(name)), `${file} imports V8's or Node's C++ symbols`).toEqual([])
      expect(imported.some((name) => name.startsWith('napi_')), file).toBe(true)
    }
  })
})
