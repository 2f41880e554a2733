import type { AppApi } from '@shared/contract'
import type { Transport } from './transport'

export type { ConnectionState } from './transport'

/**
 * The engine connection for the stores. Set once at start-up (main.ts) or by a test with a
 * fake; stores read it when they start, never when they are created.
 */
let current: { api: AppApi; transport: Transport } | undefined

export function setEngine(engine: { api: AppApi; transport: Transport }): void {
  current = engine
}

export function useEngineApi(): AppApi {
  if (!current) throw new Error('The engine connection is not set up yet.')
  return current.api
}

export function useTransport(): Transport {
  if (!current) throw new Error('The engine connection is not set up yet.')
  return current.transport
}
