/**
 * The desktop conventions, decided without Electron so each is tested as a plain function: what
 * closing the last window does on each platform, how many videos are still being made, and what
 * the designer is told when quitting leaves some for next time.
 */
import type { Job } from '../../shared/job'
import { activePhases } from '../../shared/phases'
import type { Settings } from '../../shared/settings'

export type CloseChoice = Settings['closeWithActiveJobs']

/**
 * - `keep-running`: macOS: the app stays in the Dock with its jobs; `activate` opens a window.
 * - `quit`: nothing is being made (or the designer chose to quit): the app quits.
 * - `background`: the window goes, the app keeps working from the tray (Windows, Linux).
 * - `ask`: the designer is asked which of the two, and may have it remembered.
 */
export type CloseOutcome = 'keep-running' | 'quit' | 'background' | 'ask'

export function lastWindowClosed(platform: NodeJS.Platform, activeJobs: number, choice: CloseChoice): CloseOutcome {
  if (platform === 'darwin') return 'keep-running'
  if (activeJobs === 0) return 'quit'
  return choice
}

/** Jobs this app is still working on (queued, sent, generating, downloading, or paused until it can go on). */
export function activeJobCount(jobs: Iterable<Pick<Job, 'phase'>>): number {
  let count = 0
  for (const job of jobs) if (activePhases.has(job.phase)) count++
  return count
}

/** What the close question's buttons mean, in their order (the first is the default). */
export const closeAnswers = ['background', 'quit'] as const satisfies readonly Exclude<CloseChoice, 'ask'>[]

/** The designer's answer to the close question, and whether to remember it in Settings. */
export function closeAnswer(response: number, remember: boolean): { outcome: 'background' | 'quit'; remember?: CloseChoice } {
  // Escape (or a closed dialog) answers with the cancel button: keep working, the safe choice.
  const outcome = closeAnswers[response] ?? 'background'
  return remember ? { outcome, remember: outcome } : { outcome }
}
