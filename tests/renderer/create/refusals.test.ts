import { describe, expect, it } from 'vitest'
import defaultCatalog from '../../../electron/core/catalog/default-catalog.json'
import { Catalog } from '@shared/catalog'
import type { Draft } from '@shared/draft'
import type { Job } from '@shared/job'
import type { WireError } from '@shared/errors'
import { serviceRefusals } from '@/stores/composer-refusals'
import { makeJob } from '../../support/jobs'

/** Create marks what the service refused of the draft it holds now (issue 14 item 1), and only that. */
const catalog = Catalog.parse(defaultCatalog)
const model = (id: string) => catalog.models.find((m) => m.id === id)
const draft = (more: Partial<Draft> = {}): Draft => ({ modelId: 'kestrel-v2.5', mode: 'first-last', prompt: 'dusk', duration: 5, ...more })
const refusedBy = (field: string): WireError => ({
  code: 'INVALID_PARAMS',
  message: 'The service refused a parameter.',
  retryable: false,
  details: { fields: { [field]: [{ code: 'service.refused', params: { field, said: `${field} is not allowed` } }] } },
})
let n = 0
const job = (sent: Draft, more: Record<string, unknown>): Job => makeJob(`j${++n}`, { phase: 'failed', draft: sent, ...more })

describe('the service’s refusals in Create', () => {
  it('marks the refused field by its Draft key while the form holds the refused value', () => {
    const jobs = [job(draft(), { error: refusedBy('duration') }), job(draft(), { error: refusedBy('headtailImages.tail') })]
    const marks = serviceRefusals(jobs, draft(), model('kestrel-v2.5'))
    expect(Object.keys(marks).sort()).toEqual(['duration', 'last'])
    expect(marks['duration']?.[0]).toMatchObject({ code: 'service.refused', params: { said: 'duration is not allowed' } })
    expect(serviceRefusals(jobs, draft({ duration: 10 }), model('kestrel-v2.5'))['duration']).toBeUndefined()
    expect(serviceRefusals(jobs, draft({ modelId: 'kestrel-v2.6' }), model('kestrel-v2.6'))).toEqual({})
  })

  it('forgets a refusal once a newer job with the same value was taken by the service', () => {
    const taken = job(draft(), { phase: 'running', submittedAt: 5, taskId: 'video_1' })
    const queued = job(draft(), { phase: 'queued' })
    const refused = job(draft(), { error: refusedBy('duration') })
    expect(serviceRefusals([taken, refused], draft(), model('kestrel-v2.5'))).toEqual({})
    // A job not yet answered says nothing about the value.
    expect(Object.keys(serviceRefusals([queued, refused], draft(), model('kestrel-v2.5')))).toEqual(['duration'])
    // Other failures (a network error) are not the service refusing a field.
    expect(serviceRefusals([job(draft(), { error: { code: 'NETWORK', message: 'x', retryable: true } })], draft(), model('kestrel-v2.5'))).toEqual({})
  })
})
