import type { TaskState } from '../service/client'

/** How many skipped result URLs a job lists: enough to fetch by hand, never a journal-sized list. */
const LISTED_SKIPPED = 100

/** Only the first `perTask` results are downloaded (a task answering 10,000 urls makes 16 videos, not 10,000). */
export function limitResults(state: TaskState, perTask: number): TaskState {
  if (state.urls.length <= perTask) return state
  const rest = state.urls.slice(perTask)
  return { ...state, urls: state.urls.slice(0, perTask), posters: state.posters?.slice(0, perTask), skipped: { count: rest.length, urls: rest.slice(0, LISTED_SKIPPED) } }
}
