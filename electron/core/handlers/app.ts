import os from 'node:os'
import type { appProcedures } from '../../../shared/contract/app'
import type { Handlers } from '../../../shared/contract/define'
import type { LogHub } from '../logger'
import type { FrameReader } from '../media/last-frame'
import type { CorePorts } from '../ports'

/** `libraryDir`: the folder open now (settings.libraryDir, or the shell's default). */
export function appHandlers(ports: CorePorts, logs: LogHub, startedAt: number, libraryDir: () => string, frames: Pick<FrameReader, 'decoders'>): Handlers<typeof appProcedures> {
  return {
    'app.info': async () => ({
      name: 'Reelbox',
      version: ports.host.version,
      shell: ports.host.shell,
      platform: os.platform(),
      arch: os.arch(),
      runtime: ports.host.runtime,
      dataDir: ports.paths.data,
      libraryDir: libraryDir(),
      startedAt,
      powers: {
        reveal: !!ports.shell?.reveal,
        open: !!ports.shell?.openPath,
        save: !!ports.shell?.chooseSaveFile && !!ports.shell.chooseFolder,
        drag: !!ports.shell?.startDrag,
      },
    }),
    'app.frameDecoders': () => frames.decoders(),
    'app.recentLog': async (input) => logs.recent(input?.limit ?? 100),
  }
}
