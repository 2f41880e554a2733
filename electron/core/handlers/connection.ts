import type { connectionProcedures } from '../../../shared/contract/connection'
import type { Handlers } from '../../../shared/contract/define'
import type { ConnectionMonitor } from '../connection/monitor'

/** Whether the active service answers: as last seen, or looked at again now. */
export function connectionHandlers(monitor: ConnectionMonitor): Handlers<typeof connectionProcedures> {
  return {
    'connection.status': async () => monitor.status(),
    'connection.check': () => monitor.check(),
  }
}
