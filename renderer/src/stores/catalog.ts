import { defineStore } from 'pinia'
import { computed, ref, shallowRef } from 'vue'
import type { Family, Model } from '@shared/catalog'
import type { CatalogState } from '@shared/contract/catalog'
import { AppError } from '@shared/errors'
import { useEngineApi } from '@/api/provide'

export interface FamilyGroup {
  family: Family
  models: Model[]
}

/** The effective model catalogue, grouped by family for the model picker. */
export const useCatalogStore = defineStore('catalog', () => {
  const state = shallowRef<CatalogState>()
  const loadError = ref<string>()

  const models = computed(() => state.value?.catalog.models ?? [])
  const byId = computed(() => new Map(models.value.map((model) => [model.id, model])))
  const groups = computed<FamilyGroup[]>(() => {
    const catalog = state.value?.catalog
    if (!catalog) return []
    return catalog.families
      .map((family) => ({ family, models: catalog.models.filter((model) => model.family === family.id) }))
      .filter((group) => group.models.length > 0)
  })
  const familyName = (id: string): string => state.value?.catalog.families.find((family) => family.id === id)?.name ?? id

  async function start(): Promise<() => void> {
    const api = useEngineApi()
    const stop = api.on('catalog.changed', (next) => (state.value = next))
    try {
      state.value = await api.catalog.get()
      loadError.value = undefined
    } catch (error) {
      loadError.value = AppError.from(error).message
    }
    return stop
  }

  return { state, models, groups, loadError, model: (id: string) => byId.value.get(id), familyName, start, set: (next: CatalogState) => (state.value = next) }
})
