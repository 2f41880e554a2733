import os from 'node:os'
import type { CoreHandlers } from '../../../shared/contract'
import type { LogHub } from '../logger'
import type { CorePorts } from '../ports'

type AppHandlers = Pick<CoreHandlers, 'app.info' | 'app.recentLog'>

export function appHandlers(ports: CorePorts, logs: LogHub, startedAt: number): AppHandlers {
  return {
    'app.info': async () => ({
      name: 'Reelbox',
      version: ports.host.version,
      shell: ports.host.shell,
      platform: os.platform(),
      arch: os.arch(),
      runtime: ports.host.runtime,
      dataDir: ports.paths.data,
      libraryDir: ports.paths.library,
      startedAt,
    }),
    'app.recentLog': async (input) => logs.recent(input?.limit ?? 100),
  }
}
