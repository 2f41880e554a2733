import type { Job } from '../../../shared/job'
import type { CatalogService } from '../catalog/service'
import type { EventBus } from '../events'
import type { InputStore } from '../images/store'
import type { JobRunner } from '../jobs/runner'
import type { Library } from '../library/library'
import type { Logger } from '../logger'
import type { FrameReader } from '../media/last-frame'
import { checkDraftWithImages } from '../shaping/request'
import { keepView } from './board-view'
import { findTakes } from './found-takes'
import type { RunDeps } from './run'
import { loadBoard, shotSubject } from './shared-board'
import type { TakeNames } from './take-names'

export interface EngineParts {
  inputs: InputStore
  catalog: CatalogService
  jobs: JobRunner
  events: EventBus
  library: Library
  frames: FrameReader
  log: Logger
  /** The file names of the takes this machine has seen (take-names.ts), to name one since deleted. */
  takeNames: TakeNames
}

/**
 * A storyboard run over the engine's own parts: the input store, the one check, the runner
 * (budgets and all, as `jobs.submit`), its events for each job's end, and the library's files.
 * `onJob` hears each phase of the shots' jobs (the CLI narrates them).
 */
export function engineRunDeps(parts: EngineParts, onJob?: (job: Job, done: boolean) => void): RunDeps {
  return {
    inputs: parts.inputs,
    load: (file) => loadBoard(parts.library.studio, parts.library.folder, file),
    // A take is recorded by shot id, wherever another machine has moved the shot meanwhile.
    record: async (board, index, fingerprint, itemId) => {
      await parts.library.studio.set(shotSubject(board, board.ids[index]!), { [`take/${itemId}`]: fingerprint, picked: itemId })
      await keepView(parts.library.studio, parts.library.folder, board.file, parts.log)
    },
    check: (draft) => checkDraftWithImages({ catalog: parts.catalog, inputs: parts.inputs }, draft),
    submit: async (draft) => {
      const [job] = await parts.jobs.submit(draft, 1)
      return job!
    },
    journal: () => parts.jobs.list(),
    findTakes: (ids) => findTakes(parts, ids),
    videoFile: async (id) => {
      const { file, item } = await parts.library.videoFile(id)
      return { file, name: item.fileName }
    },
    lastFrame: (file, name) => parts.frames.lastFrame(file, name),
    settled: (id, until) =>
      new Promise<Job>((resolve) => {
        const look = (job: Job | undefined): void => {
          if (!job || job.id !== id) return
          const done = until(job)
          onJob?.(job, done)
          if (!done) return
          stop()
          resolve(job)
        }
        const stop = parts.events.on('job.updated', look)
        look(parts.jobs.get(id))
      }),
  }
}
