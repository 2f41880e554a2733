import { z } from 'zod'
import { errorCodes, type WireError } from './errors'

/**
 * The envelope both transports carry. Errors travel as data (`ok: false`) because Electron's
 * invoke only passes an error's message across, and a WebSocket passes nothing at all.
 */
export const WireErrorSchema: z.ZodType<WireError> = z.object({
  code: z.enum(errorCodes),
  message: z.string(),
  retryable: z.boolean(),
  details: z.record(z.string(), z.unknown()).optional(),
})

export const RequestEnvelope = z.object({
  id: z.union([z.number(), z.string()]),
  method: z.string().min(1),
  input: z.unknown().optional(),
})
export type RequestEnvelope = z.infer<typeof RequestEnvelope>

/**
 * Cancels the call with this id, sent on the same pipe as the call (VS Code's `PromiseCancel`).
 * The call then answers `CANCELLED`; the cancel itself is answered with nothing (IPC: `null`).
 */
export const CancelEnvelope = z.strictObject({ id: z.union([z.number(), z.string()]), cancel: z.literal(true) })
export type CancelEnvelope = z.infer<typeof CancelEnvelope>

export type ResponseEnvelope =
  | { id: number | string; ok: true; data: unknown }
  | { id: number | string; ok: false; error: WireError }

export const ResponseEnvelope: z.ZodType<ResponseEnvelope> = z.union([
  z.object({ id: z.union([z.number(), z.string()]), ok: z.literal(true), data: z.unknown() }),
  z.object({ id: z.union([z.number(), z.string()]), ok: z.literal(false), error: WireErrorSchema }),
])

export const EventEnvelope = z.object({ event: z.string(), payload: z.unknown() })
export type EventEnvelope = z.infer<typeof EventEnvelope>
