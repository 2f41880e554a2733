import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { Worker } from 'node:worker_threads'
import type { WorkerFiles } from '../ports'

/**
 * The engine's threads run from these sources unless the shell says where its build put them
 * (`CorePorts.workers`): tests and tsx run the `.worker.ts` files beside this one, through tsx's
 * loader. A path joined from this file's own, not `new URL(…, import.meta.url)`, which bundlers
 * take for an asset to copy.
 */
const here = path.dirname(fileURLToPath(import.meta.url))

export const sourceWorkers: WorkerFiles = {
  checkpoint: path.join(here, 'checkpoint.worker.ts'),
  folderCheck: path.join(here, 'folder-check.worker.ts'),
}

/** A thread from a built worker (plain JavaScript) or from its TypeScript source. */
export function startWorker(file: string, workerData: unknown): Worker {
  return file.endsWith('.ts') ? new Worker(throughTsx(file), { workerData }) : new Worker(file, { workerData })
}

/**
 * A thread that runs a TypeScript source through tsx's CommonJS hooks, found from the source
 * itself (a devDependency: only the sources need it). A worker's `execArgv: ['--import', 'tsx']`
 * is not honoured by Node 20, so the thread registers tsx itself first.
 */
function throughTsx(file: string): URL {
  const boot = [
    `import { createRequire } from 'node:module'`,
    `const require = createRequire(${JSON.stringify(file)})`,
    `require('tsx/cjs/api').register()`,
    `require(${JSON.stringify(file)})`,
  ].join('\n')
  return new URL(`data:text/javascript,${encodeURIComponent(boot)}`)
}
