/**
 * The engine's ports where it runs in plain Node (web mode, the `reelbox` command): the data and
 * library folders, the keychain (else this session), the settings file, the built-in Sandbox and
 * the system's ffmpeg on the PATH,
 * each decided by the environment the shell passes in. A shell spreads these into createCore and
 * adds what only it knows (web mode its heartbeat; the CLI its flags and REELBOX_API_KEY).
 */
import type { Logger } from '../core/logger'
import type { CorePorts, HostInfo, SandboxPort, SecretStore, SettingsStore } from '../core/ports'
import { ffmpegPortFor } from './ffmpeg'
import { makerOf } from './maker'
import { defaultDataDir, defaultLibraryDir } from './paths'
import { createSandboxPort } from './sandbox-port'
import { keychainFor } from './secrets/keytar-store'
import { createSecretChain } from './secrets/secret-chain'
import { createConfSettingsStore } from './settings-store'
import { bundledWorkers } from './workers'

export interface NodeHostPorts extends CorePorts {
  readonly secrets: SecretStore
  readonly settings: SettingsStore
  readonly sandbox: SandboxPort
}

export interface NodeHost {
  readonly ports: NodeHostPorts
  /** Where the keychain's problems are told once the engine (and its log) runs; never fatal. */
  reportTo(log: Logger): void
}

export function createNodeHost(env: NodeJS.ProcessEnv, host: Omit<HostInfo, 'runtime' | 'shell'> & { shell: 'web' | 'cli' }): NodeHost {
  const data = defaultDataDir(env)
  let log: Logger | undefined
  return {
    ports: {
      host: { ...host, runtime: `Node ${process.versions.node}` },
      paths: { data, library: defaultLibraryDir(env) },
      // No safeStorage outside Electron: the keychain, else this session.
      secrets: createSecretChain({ keychain: keychainFor(env), onProblem: (problem) => log?.warn(`secrets.store.${problem.code}`, problem) }),
      settings: createConfSettingsStore(data),
      sandbox: createSandboxPort(data, env),
      workers: bundledWorkers(),
      maker: makerOf(env),
      ffmpeg: ffmpegPortFor(env),
    },
    reportTo(next) {
      log = next
    },
  }
}
