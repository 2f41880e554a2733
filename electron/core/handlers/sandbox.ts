import type { Handlers } from '../../../shared/contract/define'
import type { sandboxProcedures } from '../../../shared/contract/sandbox'
import type { SandboxHost } from '../sandbox/host'

export function sandboxHandlers(sandbox: SandboxHost): Handlers<typeof sandboxProcedures> {
  return {
    'sandbox.status': async () => sandbox.status(),
    'sandbox.enable': () => sandbox.enable(),
  }
}
