import type { CoreHandlers } from '../../shared/contract'
import { appHandlers } from './app/handlers'
import type { LogHub } from './logger'
import type { CorePorts } from './ports'

export interface HandlerDeps {
  readonly ports: CorePorts
  readonly logs: LogHub
  readonly startedAt: number
}

/**
 * Every procedure of the contract, each implemented by its domain. `satisfies` makes a missing
 * or misspelt procedure a compile error; a type test (tests/core/contract.test.ts) also fails
 * on an extra one.
 */
export function buildHandlers(deps: HandlerDeps) {
  return {
    ...appHandlers(deps.ports, deps.logs, deps.startedAt),
  } satisfies CoreHandlers
}
