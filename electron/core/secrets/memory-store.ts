import type { SecretStore } from '../ports'

/**
 * Keys kept in this process only, gone when it ends: the last resort when no keychain answers
 * and no encrypted file is allowed, and the default when a shell passes no store.
 */
export function createMemorySecretStore(): SecretStore & { has(account: string): boolean } {
  const keys = new Map<string, string>()
  return {
    get: async (account) => keys.get(account),
    set: async (account, secret) => void keys.set(account, secret),
    delete: async (account) => void keys.delete(account),
    describe: async () => ({ kind: 'session', persistent: false }),
    has: (account) => keys.has(account),
  }
}
