import { parse } from '../args'
import { openCatalog } from '../catalog'
import { EXIT } from '../exit-codes'
import { json, note, out, table } from '../output'
import { say } from '../words'

/** `reelbox models`: the catalogue only; no service request, nothing written. */
export async function models(args: string[]): Promise<number> {
  const { globals, help } = parse(args, {})
  if (help) return out('reelbox models [--json] [--catalog FILE]'), EXIT.ok
  const state = await openCatalog(globals)
  if (globals.json) return json(state.catalog), EXIT.ok
  const families = new Map(state.catalog.families.map((family) => [family.id, family.name]))
  const rows = state.catalog.models.map((model) => [model.id, families.get(model.family) ?? model.family, model.version, Object.keys(model.modes).join(' ')])
  const columns = (['id', 'family', 'version', 'modes'] as const).map((column) => say(`cli.models.columns.${column}`))
  out(table([columns, ...rows]))
  if (state.problem) note(`\n${state.problem}`)
  if (state.placeholder) note(`\n${say('cli.models.placeholder')}`)
  return EXIT.ok
}
