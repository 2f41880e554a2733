/**
 * createNodeHost: web mode's and the CLI's engine lives where the environment it is given says,
 * with the settings file in its data folder, and a run that asks for it stays out of the keychain.
 */
import { readFile, stat } from 'node:fs/promises'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { createCore, type Core } from '../../electron/core'
import { createNodeHost } from '../../electron/node/host'
import { useTempDir } from '../support/temp'

let core: Core | undefined

afterEach(async () => {
  await core?.dispose()
  core = undefined
})

describe('createNodeHost', () => {
  it('puts the data folder, the library, the settings and the key where the environment says', async () => {
    const dir = await useTempDir('reelbox-node-host-')
    const env = { XDG_CONFIG_HOME: path.join(dir, 'config'), REELBOX_LIBRARY_DIR: path.join(dir, 'films'), REELBOX_SECRET_STORE: 'session' }
    const host = createNodeHost(env, { shell: 'web', version: '9.9.9', live: true })
    // On macOS and Windows the data folder follows their own conventions instead of XDG.
    const data = process.platform === 'linux' ? path.join(dir, 'config', 'Reelbox') : host.ports.paths.data
    expect(host.ports.host).toEqual({ shell: 'web', version: '9.9.9', live: true, runtime: `Node ${process.versions.node}` })
    expect(host.ports.paths).toEqual({ data, library: path.join(dir, 'films') })

    core = await createCore({ ...host.ports, heartbeatMs: 0 })
    await core.call('settings.update', { language: 'zh-CN' })
    expect(JSON.parse(await readFile(path.join(data, 'settings.json'), 'utf8'))).toMatchObject({ language: 'zh-CN' })
    expect((await stat(path.join(data, 'settings.json'))).mode & 0o777).toBe(0o600)

    await core.call('profiles.save', { id: 'studio', name: 'Studio', baseUrl: 'https://studio.example' })
    expect(await core.call('secrets.setApiKey', { profileId: 'studio', apiKey: 'sk-node-host-test-0001' })).toMatchObject({ hasKey: true, store: 'session', persistent: false, reasons: [{ code: 'keychain.none' }] })

    // Another data folder named outright wins over XDG.
    expect(createNodeHost({ ...env, REELBOX_DATA_DIR: path.join(dir, 'elsewhere') }, { shell: 'cli', version: '9.9.9' }).ports.paths.data).toBe(path.join(dir, 'elsewhere'))
  })
})
