import { defineStore } from 'pinia'
import { computed, ref, shallowRef } from 'vue'
import type { Draft } from '@shared/draft'
import type { Job } from '@shared/job'
import { activePhases } from '@shared/phases'
import { AppError } from '@shared/errors'
import { useEngineApi } from '@/api/provide'

/**
 * Every job the engine knows, newest first, kept current by `job.updated` / `job.removed`.
 * Jobs resumed after a restart arrive with `jobs.list` exactly as they were.
 */
export const useJobsStore = defineStore('jobs', () => {
  const byId = shallowRef(new Map<string, Job>())
  const loaded = ref(false)
  const loadError = ref<string>()

  const list = computed(() => [...byId.value.values()].sort((a, b) => b.createdAt - a.createdAt))
  const active = computed(() => list.value.filter((job) => activePhases.has(job.phase)))
  const activeCount = computed(() => active.value.length)

  function put(job: Job): void {
    const next = new Map(byId.value)
    next.set(job.id, job)
    byId.value = next
  }

  function drop(id: string): void {
    const next = new Map(byId.value)
    next.delete(id)
    byId.value = next
  }

  async function load(): Promise<void> {
    try {
      const jobs = await useEngineApi().jobs.list()
      byId.value = new Map(jobs.map((job) => [job.id, job]))
      loadError.value = undefined
    } catch (error) {
      loadError.value = AppError.from(error).message
    } finally {
      loaded.value = true
    }
  }

  async function start(): Promise<() => void> {
    const api = useEngineApi()
    const stops = [api.on('job.updated', put), api.on('job.removed', ({ id }) => drop(id))]
    await load()
    return () => stops.forEach((stop) => stop())
  }

  const api = () => useEngineApi().jobs

  async function submit(draft: Draft, variations = 1): Promise<Job[]> {
    const jobs = await api().submit({ draft, variations })
    jobs.forEach(put)
    return jobs
  }

  return {
    list,
    active,
    activeCount,
    loaded,
    loadError,
    get: (id: string) => byId.value.get(id),
    start,
    load,
    submit,
    cancel: async (id: string) => put(await api().cancel({ id })),
    retry: async (id: string) => put(await api().retry({ id })),
    remove: async (id: string) => (await api().remove({ id }), drop(id)),
    clearFinished: () => api().clearFinished(),
    keepWaiting: async (id: string) => put(await api().keepWaiting({ id })),
    resolveUnknown: async (id: string, action: 'resubmit' | 'forget') => put(await api().resolveUnknown({ id, action })),
  }
})
