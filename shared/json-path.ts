/**
 * The one path syntax of a service profile (README, "Pointing Reelbox at your service"): names
 * joined by dots (`data.task_status`), a number for a list's element (`errors.0.message`), and,
 * where a profile reads result URLs or posters, at most one `[]` after a list to take each
 * element (`data.outputs[].url`). Zod-free: the profile's schema validates with it, the engine
 * reads answers with it (electron/core/service/json-path.ts).
 */
export interface JsonPath {
  /** The path as written, for messages and the tester. */
  readonly text: string
  /** The names up to the list (all of them when there is no `[]`). */
  readonly head: readonly string[]
  /** After `[]`: the names read in each element (`url` of `data.outputs[].url`); undefined without `[]`. */
  readonly each?: readonly string[]
}

const NAME = /^[A-Za-z0-9_$-]+$/

export const PATH_RULE = 'must be a dotted path like data.task_status'
export const LIST_PATH_RULE = 'must be a dotted path like data.urls, with at most one [] after a list: data.outputs[].url'

/** The path, or why it is not one. `lists`: whether `[]` may appear (result URLs and posters only). */
export function parseJsonPath(text: string, lists = false): JsonPath | { error: string } {
  const rule = lists ? LIST_PATH_RULE : PATH_RULE
  const head: string[] = []
  let each: string[] | undefined
  for (const segment of text.split('.')) {
    const list = segment.endsWith('[]')
    const name = list ? segment.slice(0, -2) : segment
    if (!NAME.test(name) || (list && (!lists || each))) return { error: rule }
    ;(each ?? head).push(name)
    if (list) each = []
  }
  return each ? { text, head, each } : { text, head }
}
