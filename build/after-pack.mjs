/**
 * electron-builder `afterPack` hook: flips Electron's fuses in the packaged binary. It runs after
 * the app is copied and before it is signed, which is when fuses must be flipped (the signature
 * covers them). Fuses are switches compiled into the Electron binary that turn whole features
 * off for good, whatever a later environment variable or command-line flag says.
 */

/** The decision for every fuse @electron/fuses knows (a test fails when a new one appears undecided). */
export const fuseSettings = Object.freeze({
  // `ELECTRON_RUN_AS_NODE=1 Reelbox` would be a signed, trusted Node.js for anyone: off.
  runAsNode: false,
  // Cookies (and the rest of the session's encrypted store) encrypted with the OS keychain key.
  enableCookieEncryption: true,
  // NODE_OPTIONS=--require evil.js could inject code into the main process: off.
  enableNodeOptionsEnvironmentVariable: false,
  // --inspect / --inspect-brk would let any local process debug (and read) the main process: off.
  enableNodeCliInspectArguments: false,
  // The app.asar must match the hash recorded at packaging (macOS, Windows): no tampered code.
  enableEmbeddedAsarIntegrityValidation: true,
  // Load the app only from app.asar, never from a loose folder dropped next to it.
  onlyLoadAppFromAsar: true,
  // We ship no separate browser-process V8 snapshot.
  loadBrowserProcessSpecificV8Snapshot: false,
  // The page is served from reelbox://, never file://: file:// gets no extra privileges.
  grantFileProtocolExtraPrivileges: false,
  // Electron's default; WebAssembly (used by no part of our page today) stays fast and safe.
  wasmTrapHandlers: true,
})

/** fuseSettings' names → @electron/fuses' FuseV1Options names. */
const optionNames = Object.freeze({
  runAsNode: 'RunAsNode',
  enableCookieEncryption: 'EnableCookieEncryption',
  enableNodeOptionsEnvironmentVariable: 'EnableNodeOptionsEnvironmentVariable',
  enableNodeCliInspectArguments: 'EnableNodeCliInspectArguments',
  enableEmbeddedAsarIntegrityValidation: 'EnableEmbeddedAsarIntegrityValidation',
  onlyLoadAppFromAsar: 'OnlyLoadAppFromAsar',
  loadBrowserProcessSpecificV8Snapshot: 'LoadBrowserProcessSpecificV8Snapshot',
  grantFileProtocolExtraPrivileges: 'GrantFileProtocolExtraPrivileges',
  wasmTrapHandlers: 'WasmTrapHandlers',
})

/** The @electron/fuses config for one packaged platform. */
export function fuseConfig(fuses, platform) {
  const config = {
    version: fuses.FuseVersion.V1,
    // Flipping bytes breaks macOS's ad-hoc signature; re-sign ad hoc so unsigned builds still start
    // (a real signature, applied after this hook, replaces it).
    resetAdHocDarwinSignature: platform === 'darwin' || platform === 'mas',
  }
  for (const [name, value] of Object.entries(fuseSettings)) {
    const option = fuses.FuseV1Options[optionNames[name]]
    if (option === undefined) throw new Error(`@electron/fuses has no fuse named ${optionNames[name]}`)
    config[option] = value
  }
  return config
}

export default async function afterPack(context) {
  const fuses = await import('@electron/fuses')
  // electron-builder finds the binary (Reelbox.app, Reelbox.exe, reelbox) and flips with its own copy of @electron/fuses.
  await context.packager.addElectronFuses(context, fuseConfig(fuses, context.electronPlatformName))
}
