/**
 * electron-builder packs the app for real, as far as these machines allow: `electron-builder
 * --dir` for Linux with electron.yml's own settings, but with a stand-in for Electron's Linux
 * distribution (`electronDist`: Electron's files laid out as in its release zip, a placeholder
 * `electron` executable), since the real one cannot be downloaded here. electron-builder runs
 * in a network namespace with no way out (where the machine allows one), so a download it tried
 * would fail the test. Only the fuse hook is left out: it patches fuse wires compiled into the
 * real Electron binary, which a stand-in does not have (packaging.test.ts flips a real wire with it).
 */
import { execFile, spawnSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { mkdir, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import path from 'node:path'
import { promisify } from 'node:util'
import * as asar from '@electron/asar'
import { beforeAll, describe, expect, it } from 'vitest'
import { desktopSources, isStale, rendererSources, root } from '../../scripts/freshness.mjs'
import { loadedNativeFiles, nativePackages } from '../support/native'
import { useTempDir } from '../support/temp'

const run = promisify(execFile)
const require = createRequire(import.meta.url)
const yaml = require('js-yaml') as { load(text: string): unknown }

/** The files of Electron's Linux release zip that electron-builder copies, each a placeholder. */
const electronFiles = ['chrome-sandbox', 'chrome_crashpad_handler', 'chrome_100_percent.pak', 'chrome_200_percent.pak', 'icudtl.dat', 'libEGL.so', 'libffmpeg.so', 'libGLESv2.so', 'libvk_swiftshader.so', 'libvulkan.so.1', 'LICENSE', 'LICENSES.chromium.html', 'locales/en-US.pak', 'locales/zh-CN.pak', 'resources.pak', 'snapshot_blob.bin', 'v8_context_snapshot.bin', 'vk_swiftshader_icd.json']

async function standInElectron(dir: string): Promise<void> {
  await mkdir(path.join(dir, 'locales'), { recursive: true })
  await writeFile(path.join(dir, 'electron'), '#!/bin/sh\necho "a stand-in for Electron: packaging test only" >&2\nexit 1\n', { mode: 0o755 })
  for (const file of electronFiles) await writeFile(path.join(dir, file), 'placeholder\n')
  await writeFile(path.join(dir, 'version'), `${(require('electron/package.json') as { version: string }).version}\n`)
  // Electron's own default app is a real archive (electron-builder reads every .asar it ships).
  const defaultApp = path.join(dir, 'default-app-source')
  await mkdir(defaultApp)
  await writeFile(path.join(defaultApp, 'package.json'), '{"name":"electron","main":"main.js"}\n')
  await writeFile(path.join(defaultApp, 'main.js'), '\n')
  await asar.createPackage(defaultApp, path.join(dir, 'resources', 'default_app.asar'))
}

/** `unshare -rn`: a user and network namespace whose only interface, loopback, is down. */
const offline = spawnSync('unshare', ['-rn', 'true']).status === 0 ? ['unshare', '-rn'] : []

/** The packages the app needs at run time: package.json's dependencies and theirs, as Node resolves them, by name@version. */
function runtimePackages(): Set<string> {
  const found = new Set<string>()
  const visit = (dir: string): void => {
    const pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { name: string; version: string; dependencies?: Record<string, string>; optionalDependencies?: Record<string, string> }
    if (dir !== root) {
      if (found.has(`${pkg.name}@${pkg.version}`)) return
      found.add(`${pkg.name}@${pkg.version}`)
    }
    for (const [name, optional] of [...Object.keys(pkg.dependencies ?? {}).map((name) => [name, false] as const), ...Object.keys(pkg.optionalDependencies ?? {}).map((name) => [name, true] as const)]) {
      let from = dir
      let at: string | undefined
      for (;;) {
        const candidate = path.join(from, 'node_modules', name)
        if (existsSync(path.join(candidate, 'package.json'))) {
          at = candidate
          break
        }
        if (from === root || from === path.dirname(from)) break
        from = path.dirname(from)
      }
      if (at) visit(at)
      else if (!optional) throw new Error(`${name}, a dependency of ${pkg.name}, is not installed`)
    }
  }
  visit(root)
  return found
}

let appDir: string
let archive: string
let entries: string[]

beforeAll(async () => {
  // `npm test` builds before the tests start; a run of this file alone builds what is stale.
  if (isStale('out/main/index.js', desktopSources) || isStale('out/preload/index.cjs', desktopSources) || isStale('out/renderer/index.html', rendererSources)) {
    await run(process.execPath, ['node_modules/electron-vite/bin/electron-vite.js', 'build'], { cwd: root })
  }
  const dir = await useTempDir('reelbox-pack-')
  await standInElectron(path.join(dir, 'electron'))
  const config = {
    ...(yaml.load(readFileSync(path.join(root, 'electron-builder.yml'), 'utf8')) as Record<string, unknown> & { directories: object }),
    electronDist: path.join(dir, 'electron'),
    afterPack: null,
  }
  config.directories = { ...config.directories, output: path.join(dir, 'dist') }
  await writeFile(path.join(dir, 'electron-builder.json'), JSON.stringify(config))
  const arch = process.arch === 'arm64' ? '--arm64' : '--x64'
  const builder = [process.execPath, path.join(root, 'node_modules/electron-builder/cli.js'), '--dir', '--linux', arch, '--config', path.join(dir, 'electron-builder.json'), '--projectDir', root]
  const [command, ...args] = [...offline, ...builder] as [string, ...string[]]
  // Its own cache folder, empty: no Electron zip or tool from an earlier run can stand in silently.
  await run(command, args, { cwd: root, env: { ...process.env, ELECTRON_BUILDER_CACHE: path.join(dir, 'cache'), CSC_IDENTITY_AUTO_DISCOVERY: 'false' } })
  appDir = path.join(dir, 'dist', process.arch === 'arm64' ? 'linux-arm64-unpacked' : 'linux-unpacked')
  archive = path.join(appDir, 'resources', 'app.asar')
  entries = asar.listPackage(archive, { isPack: false }).map((entry) => entry.slice(1))
}, 240_000)

describe('the app electron-builder packs (Linux, --dir, a stand-in Electron)', () => {
  it("runs with no network and lays the app out beside Electron's files, its executable named for the app", () => {
    expect(offline.length, 'unshare -rn must work here, else nothing proves that electron-builder downloaded nothing').toBeGreaterThan(0)
    expect(existsSync(path.join(appDir, 'reelbox'))).toBe(true)
    expect(existsSync(path.join(appDir, 'electron'))).toBe(false)
    // electron-builder renames Electron's LICENSE so that it is not taken for the app's.
    for (const file of electronFiles) expect(existsSync(path.join(appDir, file === 'LICENSE' ? 'LICENSE.electron.txt' : file)), file).toBe(true)
    expect(readdirSync(path.join(appDir, 'resources')).sort()).toEqual(['app.asar', 'app.asar.unpacked', 'default_app.asar'])
  })

  it('app.asar holds the built main, preload and renderer and package.json, nothing else of ours (no command, no web mode, no maps)', () => {
    const ours = entries.filter((entry) => !entry.startsWith('node_modules'))
    const built = (dir: string): string[] => readdirSync(path.join(root, dir), { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile() && !entry.name.endsWith('.map')).map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    const expected = ['out/main', 'out/preload', 'out/renderer'].flatMap(built)
    expect(ours.filter((entry) => asar.statFile(archive, entry, false) && !('files' in asar.statFile(archive, entry, false))).sort()).toEqual([...expected, 'package.json'].sort())
    expect(ours.filter((entry) => /^out\/(cli|web)/.test(entry))).toEqual([])
    expect(entries.filter((entry) => entry.endsWith('.map'))).toEqual([])
  })

  it('holds exactly the runtime dependencies (no devDependencies), without their tests or sources', () => {
    const packed = new Set<string>()
    for (const entry of entries) {
      const dir = /^(.*node_modules\/(?:@[^/]+\/)?[^/]+)\/package\.json$/.exec(entry)?.[1]
      if (!dir) continue
      const pkg = JSON.parse(asar.extractFile(archive, `${dir}/package.json`).toString()) as { name?: string; version?: string }
      // A package's inner package.json files (module-type markers) have no name of their own.
      if (pkg.name && /node_modules\/((?:@[^/]+\/)?[^/]+)$/.exec(dir)?.[1] === pkg.name) packed.add(`${pkg.name}@${pkg.version}`)
    }
    expect([...packed].sort()).toEqual([...runtimePackages()].sort())
    const devDependencies = Object.keys((JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { devDependencies: object }).devDependencies)
    expect(devDependencies.filter((name) => entries.includes(`node_modules/${name}/package.json`))).toEqual([])
    expect(entries.filter((entry) => /\/(test|tests|__tests__)\/|\.(ts|mts|cts|c|cc|cpp|h|hpp|gyp|gypi)$/.test(entry))).toEqual([])
  })

  it('unpacks keytar, sharp (its binding and libvips, from @img) and the SQLite package, whose .node files load in Node from there', async () => {
    // The .node files Node really loads from the project's node_modules, found again unpacked.
    const local = await loadedNativeFiles(process.execPath, root, { packages: nativePackages })
    const unpackedDir = `${archive}.unpacked`
    const unpacked = local.files.map((file) => path.join(unpackedDir, path.relative(root, file)))
    for (const file of unpacked) {
      expect(existsSync(file), file).toBe(true)
      expect(asar.statFile(archive, path.relative(unpackedDir, file), false), file).toMatchObject({ unpacked: true })
    }
    for (const module of ['keytar', 'sharp', '@img', '@photostructure/sqlite']) expect(existsSync(path.join(unpackedDir, 'node_modules', module)), module).toBe(true)
    // A child process that loads each unpacked file maps those, and sharp's libvips beside them.
    const loaded = await loadedNativeFiles(process.execPath, appDir, { files: unpacked })
    expect(loaded.files.sort()).toEqual([...unpacked].sort())
    const maps = await run(process.execPath, ['-e', `for (const f of ${JSON.stringify(unpacked)}) require(f); process.stdout.write(require('fs').readFileSync('/proc/self/maps', 'utf8'))`])
    expect(maps.stdout).toContain(path.join(unpackedDir, 'node_modules/@img/sharp-libvips-linux'))
  })

  it("holds the engine's threads inside app.asar, where the main bundle starts them, with the packages they import", () => {
    // Electron's Node sets up asar in worker threads as in the main thread (electron/electron#33216;
    // its ESM loader reads through the same patched fs), so the chunks stay packed, like the bundle
    // that names them; only the native .node files they reach through the SQLite package are unpacked.
    const main = asar.extractFile(archive, 'out/main/index.js').toString()
    const workers = [...main.matchAll(/"\.\/(chunks\/[\w.-]+\.worker-\w+\.js)"/g)].map((match) => `out/main/${match[1]!}`)
    expect(workers.map((file) => /chunks\/([\w-]+)\.worker-/.exec(file)![1]).sort()).toEqual(['checkpoint', 'folder-check'])
    for (const file of workers) {
      expect(entries, file).toContain(file)
      expect(asar.statFile(archive, file, false), file).not.toHaveProperty('unpacked', true)
      const source = asar.extractFile(archive, file).toString()
      const packages = [...source.matchAll(/^import .* from "((?:@[^/"]+\/)?[^./"][^/"]*)[^"]*";$/gm)].map((match) => match[1]!).filter((name) => !name.startsWith('node:'))
      expect(packages, file).toContain('@photostructure/sqlite')
      for (const name of packages) expect(entries, `${file} imports ${name}`).toContain(`node_modules/${name}/package.json`)
    }
  })
})
