import { buildNode } from '../../scripts/build-node.mjs'
import { isStale, nodeSources } from '../../scripts/freshness.mjs'

/**
 * Vitest global setup: the tests that run `reelbox` (bin/reelbox.mjs) and web mode run the
 * bundles, as a user would, so they are rebuilt first when a source is newer (half a second),
 * once for the whole run, before any test process starts.
 */
export default async function setup(): Promise<void> {
  if (isStale('out/cli/index.mjs', nodeSources) || isStale('out/web/index.mjs', nodeSources)) await buildNode()
}
