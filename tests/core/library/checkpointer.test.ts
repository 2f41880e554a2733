import { statSync } from 'node:fs'
import path from 'node:path'
import { DatabaseSync } from '@photostructure/sqlite'
import { describe, expect, it } from 'vitest'
import { createCheckpointer } from '../../../electron/core/library/checkpointer'
import { createLogHub } from '../../../electron/core/logger'
import { useTempDir } from '../../support/temp'

/**
 * The index's checkpoints run on a thread of their own (checkpoint.worker.ts, from its sources
 * here): once the write-ahead log has grown past its limit, the thread copies it back into the
 * database file, and the engine's own connection never has to.
 */
describe('the checkpoint thread', () => {
  it('copies a grown write-ahead log back into the database file, without falling back to the engine', async () => {
    const file = path.join(await useTempDir('reelbox-checkpoint-'), 'index.sqlite')
    const db = new DatabaseSync(file)
    db.exec('pragma journal_mode = wal; pragma wal_autocheckpoint = 0; create table t (v text)')
    const insert = db.prepare('insert into t values (?)')
    db.exec('begin')
    for (let i = 0; i < 600; i++) insert.run('x'.repeat(10_000))
    db.exec('commit')
    const before = statSync(file).size
    expect(statSync(`${file}-wal`).size).toBeGreaterThan(4 * 1024 * 1024)

    const warnings: string[] = []
    const hub = createLogHub(Date.now)
    hub.addSink((line) => void (line.level === 'warn' && warnings.push(line.message)))
    let fellBack = false
    const checkpointer = createCheckpointer(file, hub.root, () => void (fellBack = true))
    checkpointer.wrote()
    // The pages reach the database file only through a checkpoint.
    await expect.poll(() => statSync(file).size, { timeout: 30_000 }).toBeGreaterThan(before + 4 * 1024 * 1024)
    await checkpointer.close()
    db.close()
    expect(fellBack).toBe(false)
    expect(warnings).toEqual([])
  })
})
