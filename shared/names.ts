/**
 * The contract's procedure and event names, for the bundle that must not carry zod (the
 * renderer). The build computes them from `contract.ts` and injects them (see
 * `contractNames` in electron.vite.config.ts and vitest.config.ts): still declared once.
 */
import type { EventName, ProcedureName } from './contract'

declare const __REELBOX_PROCEDURES__: readonly ProcedureName[]
declare const __REELBOX_EVENTS__: readonly EventName[]

export const procedureNames: readonly ProcedureName[] = __REELBOX_PROCEDURES__
export const eventNames: readonly EventName[] = __REELBOX_EVENTS__
