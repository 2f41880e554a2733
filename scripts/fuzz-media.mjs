#!/usr/bin/env node
// The full media path fuzz (issue 5 item 5): `node scripts/fuzz-media.mjs [count]` runs the
// media tests with `count` crafted ids and ranges against the responder and as many over the
// web-mode HTTP route (default 100,000 each). CI runs the same tests with a few thousand.
import { spawnSync } from 'node:child_process'

const count = process.argv[2] ?? '100000'
if (!/^\d+$/.test(count)) {
  process.stderr.write(`fuzz-media: the count must be a whole number, got "${count}".\n`)
  process.exit(2)
}
const result = spawnSync('npx', ['vitest', 'run', '--project', 'core', 'tests/core/library/media.test.ts'], {
  stdio: 'inherit',
  env: { ...process.env, REELBOX_FUZZ_COUNT: count, REELBOX_FUZZ_HTTP_COUNT: count },
})
process.exit(result.status ?? 1)
