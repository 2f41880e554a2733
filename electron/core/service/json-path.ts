/** Reads a dotted path ("data.task_status", "data.urls.0") from parsed JSON; undefined when absent. */
export function readPath(value: unknown, path: string): unknown {
  let node = value
  for (const part of path.split('.')) {
    if (node === null || typeof node !== 'object') return undefined
    node = (node as Record<string, unknown>)[part]
  }
  return node
}
