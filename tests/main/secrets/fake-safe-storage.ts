import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'
import type { SafeStorageLike } from '../../../electron/main/secrets/safe-storage-store'

export interface FakeSafeStorage extends SafeStorageLike {
  backend: string
  available: boolean
  plainTextRequested: boolean
}

/**
 * Our SafeStorageLike port with real encryption (AES-256-GCM under a per-instance random key),
 * standing in for Electron's safeStorage, whose binary cannot run here. Two instances have
 * different keys, like two machines.
 */
export function fakeSafeStorage(options: { backend?: string; available?: boolean } = {}): FakeSafeStorage {
  const key = randomBytes(32)
  const fake: FakeSafeStorage = {
    backend: options.backend ?? 'gnome_libsecret',
    available: options.available ?? true,
    plainTextRequested: false,
    isEncryptionAvailable: () => fake.available,
    getSelectedStorageBackend: () => fake.backend,
    setUsePlainTextEncryption(use) {
      fake.plainTextRequested = use
      if (use && fake.backend === 'basic_text') fake.available = true
    },
    encryptString(plainText) {
      if (!fake.available) throw new Error('Encryption is not available.')
      const iv = randomBytes(12)
      const cipher = createCipheriv('aes-256-gcm', key, iv)
      const body = Buffer.concat([cipher.update(plainText, 'utf8'), cipher.final()])
      return Buffer.concat([Buffer.from('v11'), iv, cipher.getAuthTag(), body])
    },
    decryptString(encrypted) {
      const iv = encrypted.subarray(3, 15)
      const decipher = createDecipheriv('aes-256-gcm', key, iv)
      decipher.setAuthTag(encrypted.subarray(15, 31))
      return Buffer.concat([decipher.update(encrypted.subarray(31)), decipher.final()]).toString('utf8')
    },
  }
  return fake
}
