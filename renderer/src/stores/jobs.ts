import { defineStore } from 'pinia'
import { computed, ref, shallowReactive, shallowRef } from 'vue'
import type { CompareResult, JobProgress, SetAsideEntry } from '@shared/contract/jobs'
import type { Draft } from '@shared/draft'
import type { Job } from '@shared/job'
import { activePhases, slotPhases } from '@shared/phases'
import { AppError } from '@shared/errors'
import { useEngineApi } from '@/api/provide'

export type Download = Omit<JobProgress, 'id'>

/**
 * Every job the engine knows, newest first, kept current by `job.updated` / `job.removed`, and
 * each download's bytes by `job.progress`. Jobs resumed after a restart arrive with `jobs.list`
 * exactly as they were.
 *
 * Cheap per event: jobs are kept by id in a shallow reactive Map (a change to one job wakes only
 * what read that job, and the lists), the newest-first order is an id list changed only when a
 * job arrives or leaves (inserted in place, never re-sorted), and download ticks, many a second,
 * land in a map of their own that only the rows and cards showing that job read.
 */
export const useJobsStore = defineStore('jobs', () => {
  const byId = shallowReactive(new Map<string, Job>())
  const order = shallowRef<string[]>([])
  const downloads = shallowReactive(new Map<string, Download>())
  const setAside = shallowRef<SetAsideEntry[]>([])
  const loaded = ref(false)
  const loadError = ref<string>()

  const list = computed(() => order.value.map((id) => byId.get(id)!))
  const active = computed(() => list.value.filter((job) => activePhases.has(job.phase)))
  /** Jobs a later job retries (its `retryOf`). */
  const retried = computed(() => new Set(list.value.flatMap((job) => job.retryOf ?? [])))
  const activeCount = computed(() => active.value.length)
  /** Jobs holding one of the "at once" slots (sent, not yet downloading), as the engine counts them. */
  const slotsTaken = computed(() => active.value.filter((job) => slotPhases.has(job.phase)).length)

  /** Where a job created at `createdAt` goes in the newest-first order (binary search). */
  function slotFor(createdAt: number): number {
    const ids = order.value
    let low = 0
    let high = ids.length
    while (low < high) {
      const mid = (low + high) >> 1
      if (byId.get(ids[mid]!)!.createdAt >= createdAt) low = mid + 1
      else high = mid
    }
    return low
  }

  function put(job: Job): void {
    const known = byId.has(job.id)
    if (!known) {
      const next = order.value.slice()
      next.splice(slotFor(job.createdAt), 0, job.id)
      order.value = next
    }
    byId.set(job.id, job)
    if (job.phase !== 'downloading') downloads.delete(job.id)
  }

  function drop(id: string): void {
    if (!byId.delete(id)) return
    order.value = order.value.filter((known) => known !== id)
    downloads.delete(id)
  }

  function progress({ id, received, total }: JobProgress): void {
    if (byId.get(id)?.phase === 'downloading') downloads.set(id, { received, total })
  }

  async function load(): Promise<void> {
    try {
      const api = useEngineApi().jobs
      const [jobs, aside] = await Promise.all([api.list(), api.setAside()])
      byId.clear()
      downloads.clear()
      for (const job of jobs) byId.set(job.id, job)
      order.value = [...jobs].sort((a, b) => b.createdAt - a.createdAt).map((job) => job.id)
      setAside.value = aside
      loadError.value = undefined
    } catch (error) {
      loadError.value = AppError.from(error).message
    } finally {
      loaded.value = true
    }
  }

  async function start(): Promise<() => void> {
    const api = useEngineApi()
    const stops = [
      api.on('job.updated', put),
      api.on('job.progress', progress),
      api.on('job.removed', ({ id }) => drop(id)),
      api.on('jobs.setAside', (entries) => void (setAside.value = entries)),
    ]
    await load()
    return () => stops.forEach((stop) => stop())
  }

  const api = () => useEngineApi().jobs

  async function submit(draft: Draft, variations = 1): Promise<Job[]> {
    const jobs = await api().submit({ draft, variations })
    jobs.forEach(put)
    return jobs
  }

  /** One draft on several models, as one batch (the engine shapes it for each). */
  async function compare(draft: Draft, modelIds: string[], variations = 1): Promise<CompareResult> {
    const result = await api().compare({ draft, modelIds, variations })
    result.jobs.forEach(put)
    return result
  }

  return {
    list,
    active,
    activeCount,
    slotsTaken,
    retried,
    loaded,
    loadError,
    setAside,
    get: (id: string) => byId.get(id),
    /** Bytes so far of a job's result, while it downloads. */
    downloadOf: (id: string): Download | undefined => downloads.get(id),
    start,
    load,
    submit,
    compare,
    cancel: async (id: string) => put(await api().cancel({ id })),
    checkAgain: async (id: string) => put(await api().checkAgain({ id })),
    resume: async (id: string) => put(await api().resume({ id })),
    retry: async (id: string) => put(await api().retry({ id })),
    remove: async (id: string) => (await api().remove({ id }), drop(id)),
    clearFinished: () => api().clearFinished(),
    resolveUnknown: async (id: string, action: 'resubmit' | 'forget') => put(await api().resolveUnknown({ id, action })),
    dismissSetAside: async () => (await api().dismissSetAside(), (setAside.value = setAside.value.filter((entry) => !entry.file.endsWith('.corrupt')))),
  }
})
