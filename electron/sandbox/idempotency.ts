import { createHash } from 'node:crypto'
import type { Envelope } from './envelope'

/**
 * Idempotency keys (issue 4 item 1): the first submit with a key creates the task; every later
 * submit with the same key gets the same answer, byte for byte, even when the first answer never
 * reached the client (a `reset` after the task was created). A key reused with a different body
 * is refused (409), as payment APIs do, so a client bug cannot silently attach to the wrong task.
 */
export interface StoredAnswer {
  status: number
  envelope: Envelope
  /** False for a refused submit: nothing was created, so the key stays free. */
  created: boolean
}

export type Outcome = { kind: 'fresh' | 'replay'; answer: StoredAnswer } | { kind: 'conflict' }

export class IdempotencyBook {
  private readonly entries = new Map<string, { bodyHash: string; answer: Promise<StoredAnswer> }>()

  /**
   * Runs `create` once per key; concurrent and later calls with that key share its answer.
   * `create` gets the body's canonical hash, to keep with the task in a state folder.
   */
  async once(key: string, body: unknown, create: (bodyHash: string) => Promise<StoredAnswer>): Promise<Outcome> {
    const bodyHash = hashOf(body)
    const existing = this.entries.get(key)
    if (existing) {
      if (existing.bodyHash !== bodyHash) return { kind: 'conflict' }
      return { kind: 'replay', answer: await existing.answer }
    }
    const answer = create(bodyHash)
    this.entries.set(key, { bodyHash, answer })
    try {
      const settled = await answer
      if (!settled.created) this.entries.delete(key)
      return { kind: 'fresh', answer: settled }
    } catch (error) {
      this.entries.delete(key)
      throw error
    }
  }

  /** A key answered before a restart (read back from the state folder). */
  restore(key: string, bodyHash: string, answer: StoredAnswer): void {
    this.entries.set(key, { bodyHash, answer: Promise.resolve(answer) })
  }
}

/** The same JSON whatever its key order or spacing. */
function hashOf(value: unknown): string {
  return createHash('sha256').update(canonical(value)).digest('hex')
}

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`
  }
  return JSON.stringify(value) ?? 'null'
}
