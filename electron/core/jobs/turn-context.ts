import type { Job, PauseReason } from '../../../shared/job'
import type { Downloader } from '../downloads/download'
import type { BackoffPolicy } from './backoff'
import type { JobsDeps } from './deps'
import type { FinishTimes } from './finish-times'
import type { JobEvent } from './reducer'

/** What a job's turns (turns.ts, download-turn.ts) are given by the runner. */
export interface TurnContext {
  deps: JobsDeps
  polling: BackoffPolicy
  /** What this connection's tasks took lately, by model: when to ask (poll-plan.ts). */
  finishTimes: FinishTimes
  jobs: Map<string, Job>
  /**
   * Applies `event` and journals it. The job in `jobs` is the new one as soon as this is called;
   * the promise resolves once the journal has it (fsynced).
   */
  commit(id: string, event: JobEvent): Promise<Job>
  /**
   * True once, for a job this engine made in this run: its id is new, so no process (this one
   * before a crash, another one) can have put its results in the library; its first download
   * need not wait for the library's folder check to know that.
   */
  unseenResults(id: string): boolean
  /** Pauses the job for `reason` (or says it is still so) and schedules its next look. */
  pause(id: string, reason: PauseReason): Promise<Job>
  signalFor(id: string): AbortSignal
  schedule(id: string, at: number, options?: { free?: boolean }): void
  hasSlot(): boolean
  hold(id: string): void
  /** Whether this engine still holds the job's lease (checked before every step). */
  stillOurs(id: string): Promise<boolean>
  downloader: Downloader
}

/** Counts a job's errors in a row, for the limits below and the download's. */
export interface ErrorCounts {
  count(id: string): number
  last(id: string): number
  clear(id: string): void
}
