import { parseJsonPath } from '../../../shared/json-path'

function walk(value: unknown, names: readonly string[]): unknown {
  let node = value
  for (const name of names) {
    if (node === null || typeof node !== 'object') return undefined
    node = (node as Record<string, unknown>)[name]
  }
  return node
}

/**
 * Reads a profile path (shared/json-path.ts) from parsed JSON: "data.task_status", "data.urls.0";
 * undefined when absent. With `[]` ("data.outputs[].url") it is the list of each element's value,
 * in order (undefined where an element lacks it), or undefined when no list is there. A path the
 * profile's schema would refuse reads nothing.
 */
export function readPath(value: unknown, text: string): unknown {
  const path = parseJsonPath(text, true)
  if ('error' in path) return undefined
  const head = walk(value, path.head)
  if (!path.each) return head
  const each = path.each
  return Array.isArray(head) ? head.map((element: unknown) => walk(element, each)) : undefined
}

/** The part of a path before its `[]` ("data.outputs" of "data.outputs[].url"); the path itself without one. */
export function listPart(text: string): string {
  const at = text.indexOf('[]')
  return at < 0 ? text : text.slice(0, at)
}

export interface Found<T> {
  value: T
  /** The path it came from. */
  path: string
}

/** The first of `paths` whose value `pick` accepts, with that path (a profile's list of places to look). */
export function readFirst<T>(json: unknown, paths: readonly string[], pick: (value: unknown) => T | undefined): Found<T> | undefined {
  for (const path of paths) {
    const value = pick(readPath(json, path))
    if (value !== undefined) return { value, path }
  }
  return undefined
}

/** Text, or a number as text; blank text is no value. */
export function asText(value: unknown): string | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value)
  return typeof value === 'string' && value.trim() ? value.trim() : undefined
}
