/**
 * Doyensec's Electronegativity over the Electron shell and the page, as one app (its navigation
 * limits live in electron/, its CSP in renderer/index.html). Any HIGH or MEDIUM finding fails.
 * A finding that was reviewed is marked at its line with the scanner's own `eng-disable`
 * comment and the reason beside it; no check is turned off as a whole.
 */
import { cp, mkdir, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { useTempDir } from '../support/temp'

interface Finding {
  id: string
  file: string
  sample?: string
  location: { line: number; column: number }
  severity: { name: 'INFORMATIONAL' | 'LOW' | 'MEDIUM' | 'HIGH' }
}

interface Scan {
  issues: Finding[]
  /** Files it could not read: `tolerable` false means the file was not checked at all. */
  errors: Array<{ file: string; message: string; tolerable: boolean }>
}

type Run = (options: { input: string; isRelative: boolean; electronVersionOverride: string }) => Promise<Scan>

const require = createRequire(import.meta.url)
// Electronegativity fetches translations (from S3) and Electron's release list (from GitHub) with
// got on every scan. Tests contact nothing outside this machine, and on Node 24 got 11's failing
// retries surface as unhandled errors; so its got refuses at once, as it fails offline (the scan
// keeps its bundled English words and reports the release check it could not make as tolerable).
const gotPath = createRequire(require.resolve('@doyensec/electronegativity')).resolve('got')
const refuse = (): Promise<never> => Promise.reject(new Error('tests make no outside requests'))
require.cache[gotPath] = { id: gotPath, filename: gotPath, loaded: true, exports: Object.assign(refuse, { head: refuse }) } as unknown as NodeJS.Module
const run = require('@doyensec/electronegativity') as Run
const electronVersion = (require('electron/package.json') as { version: string }).version

/** A window the scanner must catch, so a scan that silently read nothing cannot pass. */
const planted = `import { BrowserWindow } from 'electron'
export const unsafe = (): BrowserWindow => new BrowserWindow({ webPreferences: { contextIsolation: false } })
`

const serious = (finding: Finding): boolean => finding.severity.name === 'HIGH' || finding.severity.name === 'MEDIUM'
const where = (finding: Finding): string => `${finding.id} ${finding.file}:${finding.location.line} ${finding.sample ?? ''}`.trim()

describe('Electronegativity', () => {
  it('finds nothing HIGH or MEDIUM in electron/ and renderer/, and does catch a planted unsafe window', async () => {
    const root = await useTempDir('reelbox-eng-')
    await cp('electron', path.join(root, 'electron'), { recursive: true })
    await mkdir(path.join(root, 'renderer'))
    await cp('renderer/index.html', path.join(root, 'renderer/index.html'))
    await cp('renderer/src', path.join(root, 'renderer/src'), { recursive: true })
    await mkdir(path.join(root, 'planted'))
    await writeFile(path.join(root, 'planted/window.ts'), planted)

    const scan = await run({ input: root, isRelative: true, electronVersionOverride: electronVersion })

    expect(scan.errors.filter((error) => !error.tolerable).map((error) => `${error.file}: ${error.message}`)).toEqual([])
    const [caught, ours] = [scan.issues.filter((f) => f.file.startsWith('planted/')), scan.issues.filter((f) => !f.file.startsWith('planted/'))]
    expect(caught.filter(serious).map((f) => f.id)).toContain('CONTEXT_ISOLATION_JS_CHECK')
    expect(ours.filter(serious).map(where)).toEqual([])
  }, 120_000)
})
