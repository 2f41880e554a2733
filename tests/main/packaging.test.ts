/**
 * Packaging with the real Electron cannot run here (electron-builder downloads it), so its
 * inputs are held to account: electron-builder.yml is checked by electron-builder's own schema
 * and for the facts we rely on, and the fuse hook flips a real fuse wire with the real
 * @electron/fuses. packaging-dir.test.ts packs the app with a stand-in Electron and checks it.
 */
import { existsSync, readFileSync } from 'node:fs'
import { copyFile, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import path from 'node:path'
import * as fuses from '@electron/fuses'
import { describe, expect, it } from 'vitest'
import afterPack, { fuseConfig, fuseSettings, type AfterPackContext } from '../../build/after-pack.mjs'
import { useTempDir } from '../support/temp'

const require = createRequire(import.meta.url)
// electron-builder's own YAML reader and schema check (dependencies of electron-builder).
const yaml = require('js-yaml') as { load(text: string): unknown }
const { validateConfiguration } = require('app-builder-lib/out/util/config/config') as { validateConfiguration(config: unknown, logger: unknown): Promise<void> }
const { DebugLogger } = require('builder-util') as { DebugLogger: new (enabled: boolean) => unknown }

interface BuilderConfig {
  appId: string
  productName: string
  artifactName: string
  asarUnpack: string[]
  npmRebuild: boolean
  afterPack: string
  mac: { target: string[]; hardenedRuntime: boolean; entitlements: string; entitlementsInherit: string }
  win: { target: string[] }
  linux: { target: string[] }
}

const config = yaml.load(readFileSync('electron-builder.yml', 'utf8')) as BuilderConfig

describe('electron-builder.yml', () => {
  it('is a valid electron-builder configuration', async () => {
    await expect(validateConfiguration(config, new DebugLogger(false))).resolves.toBeUndefined()
  })

  it('names the app and its installers', () => {
    expect(config.appId).toBe('app.reelbox.desktop')
    expect(config.productName).toBe('Reelbox')
    expect(config.artifactName).toMatch(/\$\{productName\}-\$\{version\}-.*\$\{arch\}\.\$\{ext\}/)
  })

  it('builds a dmg and a zip with the hardened runtime on macOS, nsis on Windows, AppImage and deb on Linux', () => {
    expect(config.mac.target).toEqual(['dmg', 'zip'])
    expect(config.mac.hardenedRuntime).toBe(true)
    expect(existsSync(config.mac.entitlements)).toBe(true)
    expect(existsSync(config.mac.entitlementsInherit)).toBe(true)
    expect(config.win.target).toEqual(['nsis'])
    expect(config.linux.target).toEqual(['AppImage', 'deb'])
  })

  it('grants the macOS app only the JIT entitlement', () => {
    const keys = [...readFileSync(config.mac.entitlements, 'utf8').matchAll(/<key>([^<]+)<\/key>/g)].map((m) => m[1])
    expect(keys).toEqual(['com.apple.security.cs.allow-jit'])
  })

  it('unpacks the native modules (keytar, sharp and its libvips, SQLite for the library index) from the asar', () => {
    for (const module of ['keytar', 'sharp', '@img', '@photostructure/sqlite']) expect(config.asarUnpack).toContain(`**/node_modules/${module}/**`)
  })

  it('packs the native modules as npm built them: they are Node-API, so no rebuild against Electron’s headers', () => {
    expect(config.npmRebuild).toBe(false)
  })

  it('runs the fuse hook after packing', () => {
    expect(path.resolve(config.afterPack)).toBe(path.resolve('build/after-pack.mjs'))
  })
})

describe('Electron fuses', () => {
  it('turn off running as Node, NODE_OPTIONS and --inspect; turn on asar-only, asar integrity and cookie encryption', () => {
    expect(fuseSettings).toMatchObject({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      onlyLoadAppFromAsar: true,
      enableEmbeddedAsarIntegrityValidation: true,
      enableCookieEncryption: true,
      grantFileProtocolExtraPrivileges: false,
    })
  })

  it('decide every fuse @electron/fuses knows (a new one fails here until decided)', () => {
    const known = Object.keys(fuses.FuseV1Options).filter((key) => Number.isNaN(Number(key)))
    const config = fuseConfig(fuses, 'linux') as unknown as Record<number, boolean | undefined>
    for (const name of known) expect(typeof config[fuses.FuseV1Options[name as keyof typeof fuses.FuseV1Options]], name).toBe('boolean')
  })

  it('are flipped in the packaged binary by the afterPack hook (a real fuse wire, the real @electron/fuses)', async () => {
    const dir = await useTempDir('reelbox-fuses-')
    // A stand-in for the Electron binary: bytes around the fuse sentinel and a 9-fuse V1 wire
    // in Electron's shipped state ('1' on, '0' off).
    const binary = path.join(dir, 'reelbox')
    const shipped = '101100011'
    await writeFile(binary, Buffer.concat([Buffer.alloc(4096, 7), Buffer.from('dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX'), Buffer.from([1, shipped.length]), Buffer.from(shipped), Buffer.alloc(4096, 9)]))
    await copyFile(binary, `${binary}.orig`)
    const context: AfterPackContext = { electronPlatformName: 'linux', packager: { addElectronFuses: (_context, config) => fuses.flipFuses(binary, config) } }
    await afterPack(context)

    const wire = (await fuses.getCurrentFuseWire(binary)) as unknown as Record<number, number>
    const on = (option: fuses.FuseV1Options): boolean => wire[option] === fuses.FuseState.ENABLE
    expect(on(fuses.FuseV1Options.RunAsNode)).toBe(false)
    expect(on(fuses.FuseV1Options.EnableNodeOptionsEnvironmentVariable)).toBe(false)
    expect(on(fuses.FuseV1Options.EnableNodeCliInspectArguments)).toBe(false)
    expect(on(fuses.FuseV1Options.OnlyLoadAppFromAsar)).toBe(true)
    expect(on(fuses.FuseV1Options.EnableEmbeddedAsarIntegrityValidation)).toBe(true)
    expect(on(fuses.FuseV1Options.EnableCookieEncryption)).toBe(true)
    expect(on(fuses.FuseV1Options.GrantFileProtocolExtraPrivileges)).toBe(false)
    // Only the wire changed: the file is the same size, the bytes around it untouched.
    const [before, after] = [readFileSync(`${binary}.orig`), readFileSync(binary)]
    expect(after.length).toBe(before.length)
    expect(after.subarray(0, 4096 + 34)).toEqual(before.subarray(0, 4096 + 34))
  })
})
