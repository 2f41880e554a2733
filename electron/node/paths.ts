import os from 'node:os'
import path from 'node:path'

/**
 * Where Reelbox keeps things in web mode and the CLI, from the environment the shell passes in.
 * The Electron shell passes `app.getPath('userData')` and the OS videos folder instead; these
 * mirror them, so the app and a `reelbox` command share one journal and one library.
 */
export function defaultDataDir(env: NodeJS.ProcessEnv, platform = process.platform): string {
  if (env['REELBOX_DATA_DIR']) return path.resolve(env['REELBOX_DATA_DIR'])
  const home = os.homedir()
  if (platform === 'darwin') return path.join(home, 'Library', 'Application Support', 'Reelbox')
  if (platform === 'win32') return path.join(env['APPDATA'] ?? path.join(home, 'AppData', 'Roaming'), 'Reelbox')
  return path.join(env['XDG_CONFIG_HOME'] ?? path.join(home, '.config'), 'Reelbox')
}

export function defaultLibraryDir(env: NodeJS.ProcessEnv, platform = process.platform): string {
  if (env['REELBOX_LIBRARY_DIR']) return path.resolve(env['REELBOX_LIBRARY_DIR'])
  const home = os.homedir()
  return path.join(home, platform === 'darwin' ? 'Movies' : 'Videos', 'Reelbox')
}
