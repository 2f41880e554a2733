import { eventNames, procedureNames } from '../contract'

/** Vite `define` entries that put the contract's names into zod-free bundles (see shared/names.ts). */
export function contractNames(): Record<string, string> {
  return {
    __REELBOX_PROCEDURES__: JSON.stringify(procedureNames),
    __REELBOX_EVENTS__: JSON.stringify(eventNames),
  }
}
