/**
 * The child process a desktop test starts: `node --import tsx tests/e2e/electron/launch.ts
 * <out/main/index.js>`. It maps `electron` to the stand-in, evaluates the app's built main bundle,
 * then makes the app ready, as Electron does once the entry module has run.
 */
import { register } from 'node:module'
import path from 'node:path'
import { pathToFileURL } from 'node:url'

const entry = process.argv[2]
if (!entry) throw new Error('usage: launch.ts <built main bundle>')

register('./hooks.mjs', import.meta.url, { data: { standIn: new URL('./standin/index.ts', import.meta.url).href } })
const { app } = await import('./standin/index')
const { listen } = await import('./standin/driver')
listen()
await import(pathToFileURL(path.resolve(entry)).href)
app.becomeReady()
