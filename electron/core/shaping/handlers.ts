import type { CoreHandlers } from '../../../shared/contract'
import { adaptDraft } from '../../../shared/rules/fields'
import { checkDraftWithImages, type ShapingDeps } from './request'

type DraftHandlers = Pick<CoreHandlers, 'drafts.check'>

export function draftHandlers(deps: ShapingDeps): DraftHandlers {
  return {
    'drafts.check': async ({ draft: wanted }) => {
      const { draft, aside, kept } = adaptDraft(deps.catalog.model(wanted.modelId), wanted)
      const { ok, fields, images } = await checkDraftWithImages(deps, draft)
      return { ok, draft, aside, kept, fields, images }
    },
  }
}
