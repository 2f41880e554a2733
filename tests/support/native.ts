import { execFile } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import { promisify } from 'node:util'

const run = promisify(execFile)

/** The native modules Reelbox ships: the keychain, images (with libvips) and the library index. */
export const nativePackages = ['keytar', 'sharp', '@photostructure/sqlite'] as const

/**
 * The `.node` files a Node process really maps when it loads `packages` (from `cwd`'s
 * node_modules), or `files` directly, read from its /proc/self/maps: the files a user's app
 * loads, not a guess at their names.
 */
export async function loadedNativeFiles(node: string, cwd: string, load: { packages?: readonly string[]; files?: readonly string[] }): Promise<{ version: string; files: string[] }> {
  const script = `
    for (const name of ${JSON.stringify(load.packages ?? [])}) require(name)
    for (const file of ${JSON.stringify(load.files ?? [])}) require(file)
    const maps = require('node:fs').readFileSync('/proc/self/maps', 'utf8')
    const files = [...new Set(maps.split('\\n').map((line) => line.split(/\\s+/)[5] ?? '').filter((file) => file.endsWith('.node')))]
    console.log(JSON.stringify({ version: process.version, files }))`
  const { stdout } = await run(node, ['-e', script], { cwd })
  return JSON.parse(stdout) as { version: string; files: string[] }
}

/**
 * The symbols in an ELF shared object's dynamic symbol table (64-bit, little-endian: Linux x64
 * and arm64), what the loader sees: those it defines and those it imports. A Node-API addon
 * defines `napi_register_module_v1` and imports `napi_*` functions; an addon built against one
 * Node's V8 ABI defines `node_register_module_v<ABI>` and imports V8's and Node's C++ symbols
 * (`_ZN2v8…`, `_ZN4node…`), so it loads in that Node version only.
 */
export async function dynamicSymbols(file: string): Promise<{ defined: string[]; imported: string[] }> {
  const elf = await readFile(file)
  if (elf.readUInt32BE(0) !== 0x7f454c46 || elf[4] !== 2 || elf[5] !== 1) throw new Error(`${file} is not a 64-bit little-endian ELF file`)
  const sectionsAt = Number(elf.readBigUInt64LE(0x28))
  const sectionSize = elf.readUInt16LE(0x3a)
  const sectionCount = elf.readUInt16LE(0x3c)
  const section = (index: number) => {
    const at = sectionsAt + index * sectionSize
    return { type: elf.readUInt32LE(at + 4), offset: Number(elf.readBigUInt64LE(at + 0x18)), size: Number(elf.readBigUInt64LE(at + 0x20)), link: elf.readUInt32LE(at + 0x28), entrySize: Number(elf.readBigUInt64LE(at + 0x38)) }
  }
  const SHT_DYNSYM = 11
  const symbols = { defined: [] as string[], imported: [] as string[] }
  for (let index = 0; index < sectionCount; index++) {
    const dynsym = section(index)
    if (dynsym.type !== SHT_DYNSYM) continue
    const strings = section(dynsym.link)
    for (let at = dynsym.offset; at < dynsym.offset + dynsym.size; at += dynsym.entrySize) {
      const nameAt = strings.offset + elf.readUInt32LE(at)
      const name = elf.toString('latin1', nameAt, elf.indexOf(0, nameAt))
      // st_shndx 0: undefined here, so imported from the process that loads the file.
      if (name) (elf.readUInt16LE(at + 6) === 0 ? symbols.imported : symbols.defined).push(name)
    }
  }
  return symbols
}
