/**
 * The house's walls (eslint.house.js) hold: through ESLint's own API, with the project's config,
 * a file planted in each part imports a real file of every other part, and only the directions
 * below pass. The table is written here from the issue that set the walls, not read from the
 * config, so a wrong row in either fails. That the real tree passes is `npm run lint`.
 */
import { ESLint } from 'eslint'
import path from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'

const root = path.resolve(import.meta.dirname, '../..')

/** Each part: where a planted file goes, and a real file of it another part could import. */
const parts = {
  shared: { planted: 'shared/planted.ts', file: 'shared/errors.ts' },
  renderer: { planted: 'renderer/src/planted.ts', file: 'renderer/src/format.ts' },
  preload: { planted: 'electron/preload/planted.ts', file: 'electron/preload/index.ts' },
  main: { planted: 'electron/main/planted.ts', file: 'electron/main/schemes.ts' },
  web: { planted: 'electron/web/planted.ts', file: 'electron/web/gate.ts' },
  cli: { planted: 'electron/cli/planted.ts', file: 'electron/cli/args.ts' },
  node: { planted: 'electron/node/planted.ts', file: 'electron/node/paths.ts' },
  core: { planted: 'electron/core/planted.ts', file: 'electron/core/ports.ts' },
  sandbox: { planted: 'electron/sandbox/planted.ts', file: 'electron/sandbox/options.ts' },
}
type Part = keyof typeof parts

/** Who may import whom (issue 11, "Directions enforced"); everything else is a breach. */
const allowed: Record<Part, Part[]> = {
  shared: [],
  renderer: ['shared'],
  preload: ['shared'],
  core: ['shared'],
  sandbox: ['shared'],
  node: ['core', 'sandbox', 'shared'],
  web: ['core', 'node', 'shared'],
  cli: ['core', 'node', 'sandbox', 'shared'],
  main: ['core', 'node', 'shared'],
}

let eslint: ESLint
/** The same config with the import-circle rule, which walks the whole import graph: only for its own test. */
let withCycles: ESLint

/** The rules that fired on `code` as if it were the file at `file`. */
async function firing(file: string, code: string, linter = eslint): Promise<string[]> {
  const [result] = await linter.lintText(code, { filePath: path.join(root, file) })
  return result!.messages.map((message) => `${message.ruleId ?? 'parse'}: ${message.message}`)
}

function specifier(from: string, to: string): string {
  const relative = path.relative(path.dirname(from), to).replace(/\.ts$/, '')
  return relative.startsWith('.') ? relative : `./${relative}`
}

beforeAll(() => {
  eslint = new ESLint({ cwd: root, overrideConfig: [{ rules: { 'import-x/no-cycle': 'off' } }] })
  withCycles = new ESLint({ cwd: root })
})

describe('the house walls', () => {
  it('let each part import only what its row allows, named and typed imports and import() alike', async () => {
    const verdicts: string[] = []
    for (const [part, { planted }] of Object.entries(parts) as Array<[Part, (typeof parts)[Part]]>) {
      for (const [other, { file }] of Object.entries(parts) as Array<[Part, (typeof parts)[Part]]>) {
        if (other === part) continue
        const from = specifier(planted, file)
        const code = [`import * as a from '${from}'`, `import type * as b from '${from}'`, `export const c = [a, import('${from}')] as unknown as typeof b`].join('\n')
        const breaches = (await firing(planted, code)).filter((line) => line.startsWith('import-x/no-restricted-paths'))
        verdicts.push(`${part} → ${other}: ${breaches.length === 3 ? 'refused' : breaches.length === 0 ? 'allowed' : `${breaches.length} of 3 refused`}`)
      }
    }
    const expected = (Object.keys(parts) as Part[]).flatMap((part) =>
      (Object.keys(parts) as Part[]).filter((other) => other !== part).map((other) => `${part} → ${other}: ${allowed[part].includes(other) ? 'allowed' : 'refused'}`),
    )
    expect(verdicts).toEqual(expected)
  })

  it('refuses an import of ours it cannot resolve, which it could otherwise not judge', async () => {
    expect(await firing(parts.core.planted, "export * from '../main/no-such-file'")).toEqual([expect.stringMatching(/^import-x\/no-unresolved: .*no-such-file/)])
  })

  it('refuses a value import circle, and lets a type import close one', async () => {
    // turns.ts imports createDownloadTurn from download-turn.ts: importing a value back closes a circle.
    const back = "import { createTurns } from './turns'\nexport const turns = createTurns\n"
    expect(await firing('electron/core/jobs/download-turn.ts', back, withCycles)).toEqual([expect.stringMatching(/^import-x\/no-cycle: /)])
    const typed = "import type { createTurns } from './turns'\nexport type Turns = typeof createTurns\n"
    expect(await firing('electron/core/jobs/download-turn.ts', typed, withCycles)).toEqual([])
  })

  it('keeps Electron and the keychain package out of plain Node, and the environment and shell names out of the engine', async () => {
    expect(await firing(parts.node.planted, "import { app } from 'electron'\nexport const a = app")).toEqual([expect.stringMatching(/^no-restricted-imports: .*'electron'/)])
    expect(await firing(parts.web.planted, "import keytar from 'keytar'\nexport const k = keytar")).toEqual([expect.stringMatching(/^no-restricted-imports: .*'keytar'/)])
    const engine = "export const dataDir = process.env['REELBOX_DATA_DIR']\nexport const quiet = (host: { shell: string }): boolean => host.shell === 'cli'\n"
    expect(await firing(parts.core.planted, engine)).toEqual([expect.stringMatching(/^no-restricted-properties: .*process\.env/), expect.stringMatching(/^no-restricted-syntax: .*never asks which shell/)])
    expect(await firing(parts.sandbox.planted, "export const port = process.env['PORT']")).toEqual([expect.stringMatching(/^no-restricted-properties: /)])
  })
})
