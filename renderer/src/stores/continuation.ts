import type { Model } from '@shared/catalog'
import { takes } from '@shared/rules/fields'

/**
 * Which model a continued clip is made with: one whose first-frame mode (i2v) takes an image.
 * The source clip's own model first (same model and resolution: the clips join without
 * re-encoding), then the one on the Create form, then the first in the catalogue that can.
 */
export function continuationModel(models: readonly Model[], sourceId: string, currentId: string): string | undefined {
  const canStart = (model: Model | undefined): boolean => takes(model?.modes.i2v, 'image')
  const byId = (id: string) => models.find((model) => model.id === id)
  return [byId(sourceId), byId(currentId), ...models].find(canStart)?.id
}
