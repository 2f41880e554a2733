#!/usr/bin/env node
// `npm run bench`: runs every bench/*.bench.ts (or those whose name contains argv[2]) in its own
// Node process through tsx, passes their output through, and prints one table of the results
// they report (see bench/support/report.ts). Exit code 1 when a ratio misses its target.
import { spawn } from 'node:child_process'
import { readdirSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const filter = process.argv[2] ?? ''
const files = readdirSync(path.join(root, 'bench'))
  .filter((f) => f.endsWith('.bench.ts') && f.includes(filter))
  .sort()
if (files.length === 0) {
  process.stderr.write(`bench: no bench/*.bench.ts${filter ? ` matching "${filter}"` : ''}.\n`)
  process.exit(2)
}

const rows = []
let crashed = 0
for (const file of files) {
  process.stdout.write(`\n▶ ${file}\n`)
  const child = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', path.join('bench', file)], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] })
  for await (const line of createInterface({ input: child.stdout })) {
    if (line.startsWith('BENCH ')) rows.push({ file, ...JSON.parse(line.slice(6)) })
    else process.stdout.write(`  ${line}\n`)
  }
  const code = await new Promise((resolve) => child.once('close', resolve))
  if (code !== 0) {
    crashed++
    process.stdout.write(`  ✗ ${file} exited with ${code}\n`)
  }
}

const fmt = (n, unit) => (n === undefined ? '' : `${n >= 100 ? n.toFixed(0) : n >= 10 ? n.toFixed(1) : n.toFixed(2)} ${unit}`)
const table = [
  ['benchmark', 'value', 'baseline', 'ratio', 'target', ''],
  ...rows.map((r) => [
    r.name,
    fmt(r.value, r.unit),
    r.baseline ? `${fmt(r.baseline.value, r.unit)} (${r.baseline.name})` : '',
    r.ratio === undefined ? '' : `${r.ratio.toFixed(2)}×`,
    [r.target === undefined ? '' : `${r.atLeast ? '≥' : '≤'} ${r.target}×`, r.max === undefined ? '' : `≤ ${fmt(r.max, r.unit)}`].filter(Boolean).join(', '),
    r.pass === undefined ? '' : r.pass ? 'ok' : 'MISSED',
  ]),
]
const widths = table[0].map((_, i) => Math.max(...table.map((row) => row[i].length)))
const cpu = os.cpus()[0]?.model ?? 'unknown CPU'
process.stdout.write(`\n${cpu}, ${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GB, ${os.platform()} ${os.release()}, Node ${process.versions.node}\n\n`)
for (const [i, row] of table.entries()) {
  process.stdout.write(`| ${row.map((cell, c) => cell.padEnd(widths[c])).join(' | ')} |\n`)
  if (i === 0) process.stdout.write(`| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |\n`)
}
// What a figure means or how it was taken, under the table rather than widening it.
const notes = rows.filter((r) => r.note)
if (notes.length > 0) process.stdout.write(`\n${notes.map((r) => `- ${r.name}: ${r.note}`).join('\n')}\n`)
const missed = rows.filter((r) => r.pass === false).length
process.stdout.write(`\n${rows.length} results, ${missed} missed their target${crashed ? `, ${crashed} bench file(s) failed` : ''}.\n`)
process.exit(missed || crashed ? 1 : 0)
