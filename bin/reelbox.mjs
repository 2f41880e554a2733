#!/usr/bin/env node
// The `reelbox` command: runs the TypeScript engine directly through tsx (a dependency), so the
// CLI needs no build step and always matches the source.
import { register } from 'tsx/esm/api'

register()
await import('../electron/cli/index.ts')
