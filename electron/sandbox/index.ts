/**
 * The Sandbox (issue 3 item 7): a real HTTP server on 127.0.0.1 that behaves like the unified
 * video service under Reelbox's default service profile, so the app works with no account and no
 * network, and the client is tested against something real. It reads the catalogue DATA
 * (shared/catalog.ts) and validates with its own code: it never imports the client's request
 * shaping, service client or jobs (electron/core/…), or the tests would check the code against
 * itself.
 *
 *   POST {base}/api/v1/video/generation          submit (§4.1), Bearer auth (§5)
 *   GET  {base}/api/v1/video/generation/{task_id} query (default profile; configurable, §4.2)
 *   GET  {base}/files/<id>.mp4?exp=&sig=           result download (signed, expiring, Range)
 *   *    {base}/__sandbox/{faults,tasks,stats}     control API (control.ts)
 *
 * Faults: faults.ts. Result codes: envelope.ts. Results: render/ (real H.264 MP4s, labelled
 * "Reelbox Sandbox" in moov/udta/meta/ilst ©too and ©cmt, every frame marked SANDBOX).
 * `stateDir`: persist/state.ts — tasks, key, URL secret, port and results survive a restart.
 */
export { startSandbox, type Sandbox } from './start'
export type { SandboxOptions, SandboxLogger } from './options'
export type { SandboxStats } from './context'
export type { TaskPhase, TaskSnapshot } from './tasks'
export { faultKinds, faultKindRoutes, type FaultControl, type FaultKind, type FaultRoute, type InjectOptions } from './faults'
export { ResultCode } from './envelope'
export { FAULT_HEADER } from './server'
export { UNKNOWN_STATUS } from './query'
export { SANDBOX_TOOL } from './render/mp4-label'
