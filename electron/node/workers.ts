import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { WorkerFiles } from '../core/ports'

/**
 * The engine's threads where scripts/build-node.mjs puts them: `workers/` beside the bundle this
 * module was built into (out/cli, out/web; their chunks sit beside the entry, so each finds the
 * same folder). Run from the sources there is no bundle: the engine runs its own sources.
 */
export function bundledWorkers(moduleUrl: string = import.meta.url): WorkerFiles | undefined {
  const file = fileURLToPath(moduleUrl)
  if (!file.endsWith('.mjs')) return undefined
  const dir = path.join(path.dirname(file), 'workers')
  return { checkpoint: path.join(dir, 'checkpoint.mjs'), folderCheck: path.join(dir, 'folder-check.mjs') }
}
