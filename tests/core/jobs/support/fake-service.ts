import { ServiceProfile } from '../../../../shared/profile'
import type { JobsDeps } from '../../../../electron/core/jobs/deps'
import { systemLookup } from '../../../../electron/core/downloads/address'
import { defaultCatalog } from '../../../support/sandbox'

/**
 * What a job runner needs besides its clock, log, limits and service, when the test's service is
 * a fake of our own ServiceClient port: one connection with a key, the default catalogue, a
 * library that takes whatever it is given.
 */
export function runnerAround(dir: string): Omit<JobsDeps, 'clock' | 'log' | 'events' | 'client' | 'limits'> {
  return {
    dataDir: dir,
    fetch,
    lookup: systemLookup,
    activeConnection: () => ({ profileId: 'p', baseUrl: 'https://video.example.com', sandbox: false }),
    connectionFor: async () => ({ baseUrl: 'https://video.example.com', apiKey: 'k', profile: ServiceProfile.parse({}) }),
    findModel: (id) => defaultCatalog.models.find((model) => model.id === id),
    shapeRequest: async () => ({ model: defaultCatalog.models[0]!, params: {}, inputs: [] }),
    buildBody: async (draft) => ({ model: draft.modelId }),
    library: { folder: () => dir, writable: async () => undefined, has: async () => false, importResult: async ({ id }) => ({ id }) },
  }
}
