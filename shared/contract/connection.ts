import { z } from 'zod'
import { procedure } from './define'

/**
 * Can the active connection be reached right now? Create shows an offline banner instead of
 * failing on submit; the library never needs the service.
 */
export const ConnectionStatus = z.object({
  profileId: z.string().nullable(),
  state: z.enum(['online', 'offline', 'unknown']),
  checkedAt: z.number().optional(),
  /** Why it is offline, in words ("connection refused at https://…"). */
  message: z.string().optional(),
})
export type ConnectionStatus = z.infer<typeof ConnectionStatus>

export const connectionProcedures = {
  'connection.status': procedure(z.void(), ConnectionStatus),
  /** Checks again now (the designer pressed "Try again", or the window came back into focus). */
  'connection.check': procedure(z.void(), ConnectionStatus),
}

export const connectionEvents = {
  'connection.changed': ConnectionStatus,
}
