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
})
