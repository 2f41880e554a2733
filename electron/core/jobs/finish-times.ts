import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { z } from 'zod'
import type { Job } from '../../../shared/job'
import { writeFileAtomic, isCode } from '../files/atomic'
import type { Logger } from '../logger'
import type { FinishSample } from './poll-plan'

/**
 * What the service's tasks took lately, per connection, model, mode, duration and resolution
 * (a 10 s 1080p clip takes longer than a 5 s 720p one): the rolling record poll-plan.ts plans
 * with. A small file in the data folder (`finish-times.json`, 0600, written whole and atomically),
 * bounded: the last SAMPLES finishes of the last KINDS kinds used. Shared by every engine on the
 * data folder (the app, `reelbox`): each write merges what is on disk first, so none loses the
 * others' samples.
 */
export interface FinishTimes {
  /** Reads the record (a missing or unreadable one is empty). */
  load(): Promise<void>
  /** The samples for a job's kind; the model's other kinds on the same connection when this one has none yet. */
  samplesFor(job: Job): readonly FinishSample[]
  /** A task of this kind was seen finishing; written at once (not awaited: a poll never waits on it). */
  add(job: Job, sample: FinishSample, at: number): void
  /** Waits for the writes under way. */
  flush(): Promise<void>
}

const SAMPLES = 12
const KINDS = 200

const Sample = z.object({ lo: z.number().nonnegative(), hi: z.number().nonnegative(), at: z.number() })
const Kind = z.object({ connection: z.string(), model: z.string(), samples: z.array(Sample) })
const RecordFile = z.object({ version: z.literal(1), kinds: z.record(z.string(), Kind) })
type Kind = z.infer<typeof Kind>
type RecordFile = z.infer<typeof RecordFile>

/** The kind of task whose time is comparable: the job's connection, model, mode, duration and resolution. */
export function kindOf(job: Pick<Job, 'profileId' | 'model' | 'draft'>): string {
  const { mode, duration, resolution } = job.draft
  return JSON.stringify([job.profileId, job.model.id, mode, duration ?? null, resolution ?? null])
}

const newest = (kind: Kind): number => kind.samples.reduce((latest, s) => Math.max(latest, s.at), 0)

/** Both records' samples, each kind's newest SAMPLES, the KINDS kinds used last. */
function merge(a: RecordFile, b: RecordFile): RecordFile {
  const kinds: Record<string, Kind> = {}
  for (const [key, kind] of [...Object.entries(a.kinds), ...Object.entries(b.kinds)]) {
    const seen = kinds[key]
    const all = seen ? [...seen.samples, ...kind.samples] : kind.samples
    const unique = [...new Map(all.map((s) => [`${s.at}:${s.lo}:${s.hi}`, s])).values()].sort((x, y) => x.at - y.at)
    kinds[key] = { connection: kind.connection, model: kind.model, samples: unique.slice(-SAMPLES) }
  }
  const kept = Object.entries(kinds)
    .sort(([, x], [, y]) => newest(y) - newest(x))
    .slice(0, KINDS)
  return { version: 1, kinds: Object.fromEntries(kept) }
}

export function createFinishTimes(dataDir: string, log: Logger): FinishTimes {
  const file = path.join(dataDir, 'finish-times.json')
  const read = async (): Promise<RecordFile> => {
    try {
      return RecordFile.parse(JSON.parse(await readFile(file, 'utf8')))
    } catch (error) {
      // A record that cannot be read is only lost knowledge: polling starts as for a model never seen.
      if (!isCode(error, 'ENOENT')) log.warn('jobs.finishTimesUnreadable', { file, reason: (error as Error).message })
      return { version: 1, kinds: {} }
    }
  }
  let record: RecordFile = { version: 1, kinds: {} }
  let writing: Promise<void> = Promise.resolve()

  let queued = false
  /** One write at a time; samples added while one is under way go in the next (one, however many). */
  function write(): void {
    if (queued) return
    queued = true
    writing = writing
      .then(async () => {
        queued = false
        record = merge(await read(), record)
        await writeFileAtomic(file, JSON.stringify(record))
      })
      .catch((error: unknown) => log.warn('jobs.finishTimesNotSaved', { reason: (error as Error).message }))
  }

  return {
    async load() {
      record = merge(await read(), record)
    },
    samplesFor(job) {
      const own = record.kinds[kindOf(job)]
      if (own && own.samples.length > 0) return own.samples
      return Object.values(record.kinds)
        .filter((kind) => kind.connection === job.profileId && kind.model === job.model.id)
        .flatMap((kind) => kind.samples)
        .slice(-SAMPLES)
    },
    add(job, sample, at) {
      const key = kindOf(job)
      const kind = record.kinds[key] ?? { connection: job.profileId, model: job.model.id, samples: [] }
      record = merge(record, { version: 1, kinds: { [key]: { ...kind, samples: [...kind.samples, { ...sample, at }] } } })
      write()
    },
    flush: () => writing,
  }
}
