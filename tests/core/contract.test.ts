import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, expectTypeOf, it } from 'vitest'
import { procedureNames, type AppApi, type ProcedureName } from '../../shared/contract'
import type { buildHandlers } from '../../electron/core/handlers'
import { buildApi } from '../../shared/contract/define'

describe('contract', () => {
  it('has exactly one handler per procedure (a type test: fails to compile otherwise)', () => {
    type Implemented = keyof ReturnType<typeof buildHandlers>
    expectTypeOf<Implemented>().toEqualTypeOf<ProcedureName>()
  })

  it('names every procedure domain.verb, so the nested API can be built from the names', () => {
    for (const name of procedureNames) expect(name).toMatch(/^[a-z]+\.[a-zA-Z]+$/)
    const calls: string[] = []
    const api = buildApi(procedureNames, async (method) => void calls.push(method)) as unknown as Record<string, Record<string, () => Promise<void>>>
    for (const name of procedureNames) {
      const [domain, verb] = name.split('.') as [string, string]
      void api[domain]?.[verb]?.()
    }
    expect(calls).toEqual([...procedureNames])
    expectTypeOf<AppApi['app']['info']>().returns.resolves.toHaveProperty('libraryDir')
  })

  it('is handled one domain per file: shared/contract/<domain>.ts ↔ electron/core/handlers/<domain>.ts, each typed by its own procedures', () => {
    const root = path.resolve(import.meta.dirname, '../..')
    const names = (dir: string, besides: string[]): string[] =>
      readdirSync(path.join(root, dir)).filter((file) => file.endsWith('.ts') && !besides.includes(file)).sort()
    // define.ts and inject-names.ts build the contract; index.ts assembles the handlers, callers.ts judges callers.
    const domains = names('shared/contract', ['define.ts', 'inject-names.ts'])
    expect(names('electron/core/handlers', ['index.ts', 'callers.ts'])).toEqual(domains)
    for (const file of domains) {
      const domain = file.replace(/\.ts$/, '')
      const procedures = `${domain.replace(/-(\w)/g, (_, c: string) => c.toUpperCase())}Procedures`
      const contract = readFileSync(path.join(root, 'shared/contract', file), 'utf8')
      const handlers = readFileSync(path.join(root, 'electron/core/handlers', file), 'utf8')
      expect(contract, file).toContain(`export const ${procedures} = {`)
      expect(handlers, file).toContain(`import type { ${procedures} } from '../../../shared/contract/${domain}'`)
      expect(handlers, file).toContain(`Handlers<typeof ${procedures}>`)
    }
  })
})
