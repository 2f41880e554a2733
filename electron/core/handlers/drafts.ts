import type { Handlers } from '../../../shared/contract/define'
import type { draftsProcedures } from '../../../shared/contract/drafts'
import { adaptDraft } from '../../../shared/rules/fields'
import { checkDraftWithImages, type ShapingDeps } from '../shaping/request'

export function draftsHandlers(deps: ShapingDeps): Handlers<typeof draftsProcedures> {
  return {
    'drafts.check': async ({ draft: wanted }) => {
      const { draft, aside, kept } = adaptDraft(deps.catalog.model(wanted.modelId), wanted)
      const { ok, fields, images } = await checkDraftWithImages(deps, draft)
      return { ok, draft, aside, kept, fields, images }
    },
  }
}
