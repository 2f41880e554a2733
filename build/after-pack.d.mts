import type * as Fuses from '@electron/fuses'
import type { FuseV1Config } from '@electron/fuses'

export declare const fuseSettings: Readonly<{
  runAsNode: boolean
  enableCookieEncryption: boolean
  enableNodeOptionsEnvironmentVariable: boolean
  enableNodeCliInspectArguments: boolean
  enableEmbeddedAsarIntegrityValidation: boolean
  onlyLoadAppFromAsar: boolean
  loadBrowserProcessSpecificV8Snapshot: boolean
  grantFileProtocolExtraPrivileges: boolean
  wasmTrapHandlers: boolean
}>

export declare function fuseConfig(fuses: typeof Fuses, platform: string): FuseV1Config

export interface AfterPackContext {
  readonly electronPlatformName: string
  readonly packager: { addElectronFuses(context: AfterPackContext, fuses: FuseV1Config): Promise<unknown> }
}

export default function afterPack(context: AfterPackContext): Promise<void>
