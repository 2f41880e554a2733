/**
 * The profile tester reads an answer exactly as the client would, field by field, and says where
 * a value likely is when the profile's path finds nothing (issue 14 item 3).
 */
import { readFile } from 'node:fs/promises'
import { describe, expect, it } from 'vitest'
import { readUnderProfile } from '../../../electron/core/service/profile-test'
import { parseGivenAnswer } from '../../../electron/core/service/given-answer'
import { createRecentAnswers } from '../../../electron/core/service/recent-answers'
import type { ProfileReading, ReadingField } from '../../../shared/contract/profiles'
import type { AppError } from '../../../shared/errors'
import { ServiceProfile, type ServiceProfileInput } from '../../../shared/profile'
import { anotherProfile } from '../../support/another-service'

const read = (answer: unknown, kind: 'submit' | 'query' | 'error', profile: ServiceProfileInput = {}): ProfileReading => readUnderProfile(ServiceProfile.parse(profile), answer, kind)
const rowOf = (reading: ProfileReading, field: ReadingField) => reading.rows.find((row) => row.field === field)

const ready = { data: { id: 'video_7', state: 'ready', percent: 100, outputs: [{ url: 'https://cdn.example/a.mp4', cover: 'https://cdn.example/a.jpg' }] } }

describe('the profile tester', () => {
  it('reads a query answer under its profile: each value with the path it came from', () => {
    const reading = read(ready, 'query', anotherProfile)
    expect(reading.outcome).toBe('success')
    expect(reading.rows).toEqual([
      { field: 'status', paths: ['data.state'], value: 'ready', path: 'data.state', verdict: 'read' },
      { field: 'urls', paths: ['data.outputs[].url'], value: ['https://cdn.example/a.mp4'], path: 'data.outputs[].url', verdict: 'read' },
      { field: 'poster', paths: ['data.outputs[].cover'], value: ['https://cdn.example/a.jpg'], path: 'data.outputs[].cover', verdict: 'read' },
      { field: 'progress', paths: ['data.percent'], value: '100%', path: 'data.percent', verdict: 'read' },
    ])
  })

  it('under the default profile, says where the status and the results likely are', () => {
    const reading = read(ready, 'query')
    expect(reading.outcome).toBe('running')
    expect(rowOf(reading, 'status')).toMatchObject({ verdict: 'trouble', note: { code: 'answer.missing', params: { paths: ['data.task_status'], suggestion: 'data.state' } } })
    // No status means "still running": the urls are not yet needed, and say where they are.
    expect(rowOf(reading, 'urls')).toMatchObject({ verdict: 'absent', note: { params: { suggestion: 'data.outputs[].url' } } })
    expect(rowOf(reading, 'progress')).toMatchObject({ verdict: 'absent', note: { params: { paths: ['data.progress'], suggestion: 'data.percent' } } })
  })

  it('a list of objects where URLs should be is trouble, with what is there and the likely path', () => {
    const reading = read(ready, 'query', { ...anotherProfile, query: { ...anotherProfile.query, urlsPath: 'data.outputs' } })
    expect(rowOf(reading, 'urls')).toEqual({
      field: 'urls',
      paths: ['data.outputs'],
      verdict: 'trouble',
      note: { code: 'answer.unreadable', params: { path: 'data.outputs', found: 'objects', count: 1, suggestion: 'data.outputs[].url' } },
    })
  })

  it('reads one video_url string, and a failed task’s reason', () => {
    const single = read({ data: { state: 'ready', video_url: 'https://cdn.example/b.mp4' } }, 'query', { ...anotherProfile, query: { statusPath: 'data.state', urlsPath: 'data.video_url' } })
    expect(rowOf(single, 'urls')).toMatchObject({ verdict: 'read', value: ['https://cdn.example/b.mp4'] })
    const failed = read({ data: { state: 'failed', error: { message: 'the prompt was refused by moderation' } } }, 'query', anotherProfile)
    expect(failed.outcome).toBe('failure')
    expect(rowOf(failed, 'reason')).toMatchObject({ verdict: 'read', value: 'the prompt was refused by moderation', path: 'data.error.message' })
  })

  it('reads a submit answer by the spec’s envelope (§2.3): a task id to poll, or urls at once', () => {
    const pending = read({ code: 0, message: 'success', request_id: 'req_1', data: { task_id: 'video_1', task_status: 'pending', urls: [] } }, 'submit')
    expect(pending.outcome).toBe('running')
    expect(rowOf(pending, 'taskId')).toMatchObject({ verdict: 'read', value: 'video_1' })
    const lost = read({ code: 0, data: { id: 'job_1', status: 'queued' } }, 'submit')
    expect(rowOf(lost, 'taskId')).toMatchObject({ verdict: 'trouble', note: { params: { suggestion: 'data.id' } } })
    expect(read({ code: 0, data: { urls: ['https://cdn.example/c.mp4'] } }, 'submit').outcome).toBe('success')
  })

  it.each([
    [{ error: { message: 'bad key' } }, 'error.message'],
    [{ error: 'bad key' }, 'error'],
    [{ message: 'bad key', code: 401 }, 'message'],
    [{ msg: 'bad key' }, 'msg'],
    [{ detail: 'bad key' }, 'detail'],
    [{ errors: [{ message: 'bad key', field: 'authorization' }] }, 'errors.0.message'],
  ])('reads an error’s words from the common shapes in order: %j', (answer, path) => {
    expect(rowOf(read(answer, 'error'), 'message')).toMatchObject({ verdict: 'read', value: 'bad key', path })
  })

  it('reads an error’s field, code and request id, and calls words the profile misses trouble', () => {
    const refused = read({ error: { message: 'duration must be one of 4, 8', param: 'duration', type: 'invalid_request_error', request_id: 'req_9' } }, 'error')
    expect(refused.rows.map((row) => [row.field, row.value, row.path])).toEqual([
      ['message', 'duration must be one of 4, 8', 'error.message'],
      ['code', 'invalid_request_error', 'error.type'],
      ['kind', undefined, undefined],
      ['field', 'duration', 'error.param'],
      ['requestId', 'req_9', 'error.request_id'],
    ])
    expect(refused.errorKind).toBeUndefined()
    expect(rowOf(read({ failure: { description: 'quota exceeded' } }, 'error'), 'message')).toMatchObject({
      verdict: 'trouble',
      note: { code: 'answer.missing', params: { suggestion: 'failure.description' } },
    })
    // An answer with no words at all has nothing the profile could be pointed at.
    expect(rowOf(read({ status: 500 }, 'error'), 'message')).toEqual({ field: 'message', paths: ['message', 'error.message', 'error', 'msg', 'detail', 'errors.0.message'], verdict: 'absent' })
  })

  it('reads what an error’s code means under the profile’s kinds, a number matched as written', () => {
    const kinds: ServiceProfileInput = { errors: { message: 'msg', code: 'code', field: 'data.field', kinds: { key: [40100, 40101], parameter: ['40012'] } } }
    const key = read({ code: 40100, msg: 'invalid api key', request_id: 'r1' }, 'error', kinds)
    expect(key.errorKind).toBe('key')
    expect(rowOf(key, 'kind')).toEqual({ field: 'kind', paths: ['errors.kinds'], value: 'key', path: 'errors.kinds.key', verdict: 'read' })
    const parameter = read({ code: 40012, msg: 'bad value', data: { field: 'duration' } }, 'error', kinds)
    expect([parameter.errorKind, rowOf(parameter, 'field')?.value]).toEqual(['parameter', 'duration'])
    expect(read({ code: 50000, msg: 'oops' }, 'error', kinds).errorKind).toBeUndefined()
  })

  it('refuses an answer that is not JSON under `answer`', () => {
    const error = (() => {
      try {
        parseGivenAnswer('<html>502 Bad Gateway</html>')
      } catch (caught) {
        return caught as AppError
      }
    })()
    expect(error?.fieldProblems?.['answer']?.[0]).toMatchObject({ code: 'answer.notJson', params: { reason: expect.stringMatching(/JSON/) } })
  })
})

describe('the last answers of a connection', () => {
  it('keeps a few distinct ones per kind, redacted, newest first', () => {
    const recent = createRecentAnswers()
    for (let n = 0; n < 5; n++) recent.record('c', 'query', { data: { state: 'running', percent: n } }, [], n)
    recent.record('c', 'query', { data: { state: 'running', percent: 4 } }, [], 9)
    recent.record('c', 'error', { message: 'invalid credential: Bearer sk-live-123456', echo: 'sk-live-123456' }, ['sk-live-123456'], 10)
    const kept = recent.of('c')
    expect(kept.map((a) => [a.kind, a.at])).toEqual([
      ['error', 10],
      ['query', 9],
      ['query', 3],
      ['query', 2],
    ])
    expect(kept[0]!.text).not.toContain('sk-live-123456')
    expect(JSON.parse(kept[0]!.text)).toEqual({ message: 'invalid credential: Bearer [redacted]', echo: '[redacted]' })
    expect(recent.of('other')).toEqual([])
  })
})

describe('the path syntax of a profile', () => {
  it('takes [] once, and only where results and posters are read', () => {
    expect(ServiceProfile.safeParse({ query: { urlsPath: 'data.outputs[].url', posterPath: 'data.cover_url' } }).success).toBe(true)
    const issues = (profile: ServiceProfileInput) => ServiceProfile.safeParse(profile).error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`)
    expect(issues({ query: { urlsPath: 'data.a[].b[].url' } })).toEqual(['query.urlsPath: must be a dotted path like data.urls, with at most one [] after a list: data.outputs[].url'])
    expect(issues({ query: { statusPath: 'data.items[].state' } })).toEqual(['query.statusPath: must be a dotted path like data.task_status'])
    expect(issues({ errors: { message: ['error.message', 'error..text'] } })).toEqual(['errors.message.1: must be a dotted path like data.task_status'])
    expect(ServiceProfile.parse({ errors: { field: 'error.loc' } }).errors.field).toEqual(['error.loc'])
  })

  it('the README’s complete example is the profile of the service the tests run against', async () => {
    const example = /is described completely by:\s*```json\n([\s\S]*?)```/.exec(await readFile('README.md', 'utf8'))?.[1]
    expect(JSON.parse(example ?? 'null')).toEqual(anotherProfile)
  })
})
