import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { afterEach, expect, it } from 'vitest'
import type { SecretStatus } from '../../../shared/contract/secrets'
import type { Core } from '../../../electron/core'
import { createSafeStorageStore } from '../../../electron/main/secrets/safe-storage-store'
import { createSecretChain } from '../../../electron/node/secrets/secret-chain'
import { startTestCore, type TestCore } from '../../support/core'
import { useTempDir } from '../../support/temp'
import { fakeSafeStorage } from './fake-safe-storage'

let test: TestCore | undefined
afterEach(() => test?.dispose())

it('on Linux without a keyring, asks for consent, then moves the session key into the encrypted file', async () => {
  const file = path.join(await useTempDir('reelbox-consent-'), 'secrets.json')
  // Wired as electron/main/index.ts does: consent is read from the core's settings when needed.
  const engine: { core?: Core } = {}
  const encryptedFile = createSafeStorageStore(fakeSafeStorage({ backend: 'basic_text', available: false }), {
    file,
    platform: 'linux',
    allowBasicText: () => engine.core?.settings.current().allowBasicTextEncryption ?? false,
  })
  test = await startTestCore({ secrets: createSecretChain({ encryptedFile }) })
  const core = (engine.core = test.core)

  await core.call('profiles.save', { id: 'studio', name: 'Studio', baseUrl: 'https://video.example.com' })
  const before = (await core.call('secrets.setApiKey', { apiKey: 'sk-basic-text-42' })) as SecretStatus
  expect(before).toMatchObject({ store: 'session', persistent: false, needsConsent: true })

  const moved = new Promise<SecretStatus>((resolve) => core.events.on('secrets.changed', resolve))
  await core.call('settings.update', { allowBasicTextEncryption: true })
  expect(await moved).toMatchObject({ profileId: 'studio', hasKey: true, store: 'encrypted-file', persistent: true })
  expect(await readFile(file, 'utf8')).not.toContain('sk-basic-text-42')
})
