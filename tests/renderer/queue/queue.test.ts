import { flushPromises, mount, type VueWrapper } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Job } from '@shared/job'
import { makeJob } from '../../support/jobs'
import AppRail from '@/components/AppRail.vue'
import { createAppI18n } from '@/i18n'
import { useComposerStore } from '@/stores/composer'
import { useJobsStore } from '@/stores/jobs'
import { useNavStore } from '@/stores/nav'
import QueueView from '@/views/QueueView.vue'
import { installFakeEngine } from '../support/fake-engine'

const T0 = Date.UTC(2025, 2, 14, 9, 30)

const job = (id: string, fields: Record<string, unknown> = {}): Job => makeJob(id, fields)
const error = (code: string, message: string, details?: Record<string, unknown>) => ({ code, message, retryable: false, details })

const jobs: Job[] = [
  job('running', { createdAt: T0 + 10, phase: 'running', serviceStatus: 'processing', progress: 0.4 }),
  job('downloading', { createdAt: T0 + 9, phase: 'downloading' }),
  job('busy', { createdAt: T0 + 8, phase: 'pending', nextPollAt: T0 + 60_000, error: { ...error('RATE_LIMITED', 'The service is rate limiting requests (HTTP 429).'), retryable: true } }),
  job('space', { createdAt: T0 + 6, phase: 'paused', reason: { code: 'disk.full', params: { folder: '/Volumes/Studio/Reelbox/.reelbox/staging', freeBytes: 3 * 1024 * 1024, needBytes: 20 * 1024 * 1024 } } }),
  job('key-missing', { createdAt: T0 + 5, phase: 'paused', resumeTo: 'pending', reason: { code: 'key.missing', params: { connection: 'Studio gateway' } } }),
  job('key', { phase: 'failed', finishedAt: T0 + 123_000, error: error('UNAUTHORIZED', 'The service refused the API key (HTTP 401).') }),
  job('params', {
    phase: 'failed',
    finishedAt: T0 + 5_000,
    error: error('INVALID_PARAMS', 'The service refused a parameter (duration).', {
      serviceMessage: 'duration must be one of 5, 10',
      fields: { duration: [{ code: 'service.refused', params: { field: 'duration', said: 'duration must be one of 5, 10' } }] },
    }),
  }),
  // Failed at its submit turn: an input image was removed from the store after it was queued.
  job('gone', { phase: 'failed', finishedAt: T0 + 5_000, error: error('NOT_FOUND', 'image.gone {…}', { problem: { code: 'image.gone', params: { slot: 'reference', index: 2, name: 'cat.png' } } }) }),
  job('network', { phase: 'failed', finishedAt: T0 + 5_000, error: error('NETWORK', 'Could not reach http://127.0.0.1:9 (ECONNREFUSED).') }),
  job('timeout', { createdAt: T0 + 4, phase: 'stopped', stoppedBy: 'timeout', submittedAt: T0, deadlineAt: T0 + 60 * 60_000, updatedAt: T0 + 60 * 60_000 }),
  job('remote', { phase: 'failed', finishedAt: T0 + 5_000, error: error('REMOTE_FAILED', 'The service could not make this video: content policy', { reason: 'content policy' }) }),
  job('unknown', { createdAt: T0 + 7, phase: 'unknown', error: error('NETWORK', 'The service may or may not have this job.') }),
  job('cancelled', { phase: 'cancelled', finishedAt: T0 + 5_000 }),
  job('done', { phase: 'done', finishedAt: T0 + 42_000, libraryItemIds: ['done-0'] }),
]

let wrapper: VueWrapper
let pinia: ReturnType<typeof createPinia>
let engine: ReturnType<typeof installFakeEngine>

beforeEach(async () => {
  window.history.replaceState(null, '', '#/queue')
  let retried = 0
  engine = installFakeEngine({
    'jobs.list': () => jobs,
    'jobs.setAside': () => [],
    'jobs.dismissSetAside': () => ({ removed: 2 }),
    'jobs.retry': (input) => job(`retry-${++retried}`, { createdAt: T0 + 100, retryOf: (input as { id: string }).id }),
    'jobs.cancel': (input) => job((input as { id: string }).id, { createdAt: T0 + 10, phase: 'stopped' }),
    'jobs.checkAgain': (input) => job((input as { id: string }).id, { createdAt: T0 + 4, phase: 'running' }),
    'jobs.resume': (input) => job((input as { id: string }).id, { createdAt: T0 + 6, phase: 'downloading' }),
    'jobs.clearFinished': () => ({ removed: 8 }),
  })
  pinia = createPinia()
  setActivePinia(pinia)
  await useJobsStore().start()
  wrapper = mount({ components: { AppRail, QueueView }, template: '<AppRail /><QueueView />' }, { attachTo: document.body, global: { plugins: [pinia, createAppI18n('en', { strict: true })] } })
  await flushPromises()
})
afterEach(() => {
  wrapper.unmount()
  document.body.innerHTML = ''
})

const row = (id: string) => wrapper.get(`[data-job-id="${id}"]`)

describe('the queue', () => {
  it('says how many slots are really taken when a job waits for one, and not when the service refused it for now', async () => {
    // Taken: the running job and the busy one being polled; downloading and paused ones hold none.
    engine.emit('job.updated', job('waiting', { createdAt: T0 + 20 }))
    engine.emit('job.updated', job('refused', { createdAt: T0 + 21, nextPollAt: T0 + 60_000, error: { ...error('RATE_LIMITED', 'HTTP 429'), retryable: true } }))
    await flushPromises()
    // Two of three taken: a slot is free, so the job is next, not waiting (issue 22 item 11).
    expect(row('waiting').text()).toContain('Next to be sent.')
    expect(row('waiting').text()).not.toContain('free slot')
    expect(row('refused').text()).not.toContain('free slot')
    // A third job being made takes the last slot: now it waits, and says for what.
    engine.emit('job.updated', job('third', { createdAt: T0 + 19, phase: 'submitting' }))
    await flushPromises()
    expect(row('waiting').text()).toContain('Waiting for a free slot: 3 of 3 being made at once')
    expect(row('refused').text()).not.toContain('free slot')
  })

  it('lists active jobs first, each phase in words with its progress, the service status and the time taken', async () => {
    const ids = wrapper.findAll('[data-testid=queue-row]').map((r) => r.attributes('data-job-id'))
    // Those waiting for the designer (paused, stopped, not sure it was sent) stay among the active ones.
    expect(ids.slice(0, 7)).toEqual(['running', 'downloading', 'busy', 'unknown', 'space', 'key-missing', 'timeout'])
    expect(wrapper.get('[data-testid=queue-active]').text()).toContain('Active')
    expect(row('running').text()).toContain('Generating')
    // The service's own word only as the phase's tooltip, never on the row.
    expect(row('running').get('[data-testid=job-phase]').attributes('title')).toBe('The service says “processing”')
    expect(row('running').text()).not.toContain('processing')
    expect(row('running').get('[role=progressbar]').attributes('aria-valuenow')).toBe('40')
    expect(row('running').text()).toContain('Kling 2.0 Master')
    expect(row('running').text()).toContain('Sandbox')
    expect(row('downloading').text()).not.toContain('% downloaded')
    engine.emit('job.progress', { id: 'downloading', received: 512, total: 1024 })
    await flushPromises()
    expect(row('downloading').text()).toContain('50% downloaded')
    expect(row('key').get('[data-testid=job-elapsed]').text()).toBe('2:03')
    expect(row('done').get('[data-testid=job-elapsed]').text()).toBe('0:42')
    // Five jobs the engine is on (the paused ones go on by themselves); the unknown and the stopped one wait for the designer.
    expect(wrapper.get('[data-testid=queue-badge]').text()).toBe('5')
    // Its name reads on from the visible label (no aria-label that a voice user could not say).
    expect(wrapper.get('[data-screen=queue] .visually-hidden').text()).toBe('5 active jobs')
    expect(wrapper.get('[data-screen=queue] [data-testid=queue-badge]').attributes('aria-hidden')).toBe('true')
  })

  it('says each failure in plain words with the fix that applies', () => {
    const problem = (id: string) => row(id).get('[data-testid=job-problem]')
    const fixes = (id: string) => row(id).findAll('[data-testid^=job-fix-]').map((b) => b.text())
    expect(problem('key').text()).toContain('The service refused the API key.')
    expect(fixes('key')).toEqual(['Check the key', 'Retry'])
    expect(problem('params').text()).toContain('duration: refused by the service')
    expect(problem('params').text()).toContain('The service said: “duration must be one of 5, 10”')
    expect(problem('gone').get('[data-testid=job-problem-detail]').text()).toBe('Reference 2 (cat.png) is no longer in Reelbox’s image store; add it again')
    expect(problem('network').text()).toContain('Could not reach http://127.0.0.1:9 (ECONNREFUSED).')
    expect(fixes('params')).toEqual(['Edit and retry'])
    expect(problem('busy').text()).toMatch(/Busy — will retry at \d\d:\d\d:\d\d\./)
    expect(fixes('busy')).toEqual([])
    expect(problem('network').text()).toContain('Couldn’t reach the service.')
    expect(fixes('network')).toEqual(['Retry'])
    expect(problem('timeout').text()).toContain('Stopped waiting after 60 min.')
    expect(problem('timeout').text()).toContain('may still make (and bill) this video')
    expect(fixes('timeout')).toEqual(['Check again', 'Retry'])
    expect(problem('space').text()).toMatch(/Not enough space in \/Volumes\/Studio\/Reelbox\/\.reelbox\/staging: free 18(\.0)? MB/)
    expect(fixes('space')).toEqual(['Resume'])
    expect(problem('key-missing').text()).toContain('There is no API key for “Studio gateway” here')
    expect(fixes('key-missing')).toEqual(['Check the key', 'Resume'])
    expect(problem('remote').text()).toContain('The service said: “content policy”')
    expect(problem('unknown').text()).toContain('may or may not have reached the service')
    expect(problem('unknown').get('[data-testid=job-idempotency-key]').text()).toBe('key-unknown')
    expect(fixes('unknown')).toEqual(['Send again', 'Forget it'])
    expect(row('cancelled').text()).toContain('Cancelled before the service had it.')
    expect(row('done').find('[data-testid=job-problem]').exists()).toBe(false)
  })

  it('in 简体中文, words the engine’s problems from their codes and shows none of its English', async () => {
    wrapper.unmount()
    wrapper = mount(QueueView, { attachTo: document.body, global: { plugins: [pinia, createAppI18n('zh-CN', { strict: true })] } })
    await flushPromises()
    expect(row('gone').get('[data-testid=job-problem-detail]').text()).toBe('参考图 2（cat.png）已不在 Reelbox 的图片库中，请重新添加')
    expect(row('params').get('[data-testid=job-problem]').text()).toContain('duration：被服务拒绝')
    // The engine's sentences stay in its log; the headline says what kind of failure it was.
    expect(row('network').get('[data-testid=job-problem]').text()).not.toContain('Could not reach')
    expect(wrapper.text()).not.toMatch(/refused|store|Could not|The service/)
  })

  it('fixes: check the key goes to Settings, edit-and-retry refills Create, retry adds a linked job', async () => {
    await row('key').get('[data-testid=job-fix-checkKey]').trigger('click')
    await flushPromises()
    expect(useNavStore().screen).toBe('settings')
    expect(window.location.hash).toBe('#/settings/key')

    await row('params').get('[data-testid=job-fix-editRetry]').trigger('click')
    await flushPromises()
    expect(useNavStore().screen).toBe('create')
    expect(useComposerStore().workspace.prompt).toBe('A red fox in snow (params)')
    expect(useComposerStore().workspace.duration).toBe(5)

    await row('network').get('[data-testid=job-fix-retry]').trigger('click')
    await flushPromises()
    expect(engine.calls.filter((c) => c.method === 'jobs.retry').map((c) => c.input)).toEqual([{ id: 'network' }])
    expect(row('retry-1').text()).toContain('Retry of a job from')
  })

  it('asks before it stops waiting, saying the service may still finish the video', async () => {
    await row('running').get('[data-testid=job-cancel]').trigger('click')
    expect(row('running').text()).toContain('The service has no cancel operation')
    expect(engine.calls.some((c) => c.method === 'jobs.cancel')).toBe(false)
    await row('running').get('[data-testid=job-cancel-confirm]').trigger('click')
    await flushPromises()
    expect(engine.calls.filter((c) => c.method === 'jobs.cancel').map((c) => c.input)).toEqual([{ id: 'running' }])
    expect(row('running').attributes('data-phase')).toBe('stopped')
  })

  it('checks a stopped job again and resumes a paused one', async () => {
    await row('timeout').get('[data-testid=job-fix-checkAgain]').trigger('click')
    await row('space').get('[data-testid=job-fix-resume]').trigger('click')
    await flushPromises()
    expect(engine.calls.filter((c) => c.method === 'jobs.checkAgain' || c.method === 'jobs.resume')).toEqual([
      { method: 'jobs.checkAgain', input: { id: 'timeout' } },
      { method: 'jobs.resume', input: { id: 'space' } },
    ])
    expect(row('timeout').attributes('data-phase')).toBe('running')
    expect(row('space').attributes('data-phase')).toBe('downloading')
  })

  it('a download tick updates that job alone: the list is not rebuilt, nor the row’s job replaced', async () => {
    const store = useJobsStore()
    const list = store.list
    const downloading = store.get('downloading')
    for (let received = 0; received <= 1024; received += 64) engine.emit('job.progress', { id: 'downloading', received, total: 1024 })
    await flushPromises()
    expect(store.list).toBe(list)
    expect(store.get('downloading')).toBe(downloading)
    expect(row('downloading').get('[role=progressbar]').attributes('aria-valuenow')).toBe('100')
    // A change of phase does reach the list, in its place.
    engine.emit('job.updated', job('downloading', { createdAt: T0 + 9, phase: 'done', libraryItemIds: ['downloading-0'] }))
    await flushPromises()
    expect(store.list).not.toBe(list)
    expect(store.list.map((j) => j.id)).toEqual(list.map((j) => j.id))
  })

  it('says when journal entries could not be read, what was recovered from them, and lets them be dismissed', async () => {
    expect(wrapper.find('[data-testid=queue-set-aside]').exists()).toBe(false)
    engine.emit('jobs.setAside', [
      { file: 'job_a.json.corrupt', jobId: 'job_a', taskId: 'video_a', recovered: true },
      { file: 'job_b.json.corrupt', jobId: 'job_b', recovered: false },
    ])
    await flushPromises()
    const notice = wrapper.get('[data-testid=queue-set-aside]')
    expect(notice.text()).toContain('its job (task video_a) was recovered and is being finished')
    expect(notice.text()).toContain('nothing could be recovered from it (job_b.json.corrupt)')
    await notice.get('[data-testid=queue-set-aside-dismiss]').trigger('click')
    await flushPromises()
    expect(engine.calls.some((c) => c.method === 'jobs.dismissSetAside')).toBe(true)
    expect(wrapper.find('[data-testid=queue-set-aside]').exists()).toBe(false)
  })

  it('clears finished jobs and says how many', async () => {
    await wrapper.get('[data-testid=queue-clear-finished]').trigger('click')
    await flushPromises()
    expect(engine.calls.some((c) => c.method === 'jobs.clearFinished')).toBe(true)
    expect(wrapper.text()).toContain('Removed 8 finished jobs')
  })
})
