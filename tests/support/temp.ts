import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, onTestFinished } from 'vitest'

/** Folders made outside any test (a beforeAll, a file's top level): removed after the file's tests. */
const forTheFile: string[] = []
const remove = (dir: string): Promise<void> => rm(dir, { recursive: true, force: true })

// Registered when a test file first imports this module, so it runs after that file's own
// afterAll hooks (they run in reverse order): engines are closed before their folders go.
afterAll(async () => {
  await Promise.all(forTheFile.splice(0).map(remove))
})

/**
 * A new empty folder in the temp dir that removes itself: inside a test or its beforeEach, when
 * that test finishes (pass or fail); elsewhere, once the file's tests are done. Import this only
 * from test files (it registers a vitest hook), never from a child process script.
 */
export async function useTempDir(prefix = 'reelbox-test-'): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), prefix))
  try {
    onTestFinished(() => remove(dir))
  } catch {
    // Not inside a test.
    forTheFile.push(dir)
  }
  return dir
}
