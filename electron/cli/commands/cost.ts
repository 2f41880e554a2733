import { AppError, problemError } from '../../../shared/errors'
import type { CostSummary } from '../../../shared/contract/cost'
import { problem } from '../../../shared/rules/problems'
import { toAmount, toMoney } from '../../../shared/rules/price'
import type { Budget, Settings } from '../../../shared/settings'
import type { Core } from '../../core'
import { parse } from '../args'
import { openEngine } from '../engine'
import { EXIT } from '../exit-codes'
import { amountFlag, money } from '../money'
import { json, out } from '../output'
import { say } from '../words'

const call = <T>(core: Core, method: string, input?: unknown): Promise<T> => core.call(method, input, { transport: 'cli' }) as Promise<T>

/** The currency a new budget is kept in: the catalogue's prices' (the first priced model's), else USD. */
function catalogueCurrency(core: Core): string {
  return core.catalog.state().catalog.models.find((model) => model.price)?.price?.currency ?? 'USD'
}

/**
 * `reelbox budget`: shows or sets this machine's daily and monthly budget for the active
 * connection (the one `--base-url` makes, else the app's). A submission past one is refused by
 * the engine before anything is sent.
 */
export async function budget(args: string[]): Promise<number> {
  const { values, globals, help } = parse(args, { daily: { type: 'string' }, monthly: { type: 'string' }, clear: { type: 'boolean', default: false } })
  if (help) return out('reelbox budget [--daily AMOUNT] [--monthly AMOUNT] [--clear] [--json]'), EXIT.ok
  const daily = amountFlag('daily', values.daily)
  const monthly = amountFlag('monthly', values.monthly)
  if (values.clear && (daily !== undefined || monthly !== undefined)) throw new AppError('INVALID_INPUT', say('cli.cost.clearAlone'))
  const core = await openEngine(globals)
  try {
    const connection = core.settings.activeConnection()
    if (!connection) throw new AppError('UNAUTHORIZED', say('cli.flags.noService'))
    const before: Budget | undefined = core.settings.current().budgets[connection.id]
    if (values.clear || daily !== undefined || monthly !== undefined) {
      const patch = values.clear ? { daily: null, monthly: null } : { ...(daily !== undefined ? { daily } : {}), ...(monthly !== undefined ? { monthly } : {}) }
      await call<Settings>(core, 'settings.update', { budgets: { [connection.id]: { currency: before?.currency ?? catalogueCurrency(core), ...patch } } })
    }
    const now: Budget | undefined = core.settings.current().budgets[connection.id]
    const standing = (await call<CostSummary>(core, 'cost.ledger', {})).budgets.find((b) => b.profileId === connection.id)
    const currency = now?.currency ?? catalogueCurrency(core)
    const spent = { today: standing?.day.committed ?? 0, month: standing?.month.committed ?? 0 }
    if (globals.json) {
      json({
        connection: connection.id,
        currency,
        daily: now?.daily ?? null,
        monthly: now?.monthly ?? null,
        allowUnknownPrices: now?.allowUnknownPrices ?? false,
        spent: { today: toAmount({ minor: spent.today, currency }), month: toAmount({ minor: spent.month, currency }) },
      })
    } else {
      const limit = (value: number | null | undefined, used: number, key: 'cli.cost.limitToday' | 'cli.cost.limitMonth'): string =>
        value === null || value === undefined ? say('cli.cost.none') : say(key, { limit: money(toMoney(value, currency)), used: money({ minor: used, currency }) })
      out(say('cli.cost.budgetFor', { name: connection.name }))
      out(say('cli.cost.daily', { limit: limit(now?.daily, spent.today, 'cli.cost.limitToday') }))
      out(say('cli.cost.monthly', { limit: limit(now?.monthly, spent.month, 'cli.cost.limitMonth') }))
    }
    return EXIT.ok
  } finally {
    await core.dispose()
  }
}

/** Local midnight of a YYYY-MM-DD date, or a usage error naming --since. */
function sinceFlag(value: unknown): number | undefined {
  if (value === undefined) return undefined
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(String(value))
  const date = match ? new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : undefined
  if (!date || date.getMonth() !== Number(match![2]) - 1 || date.getDate() !== Number(match![3])) throw new AppError('INVALID_INPUT', say('cli.cost.since', { value: String(value) }))
  return date.getTime()
}

/**
 * `reelbox spend`: what the services accepted (jobs with a task or results), at the price when
 * each was sent: since `--since` (else ever), today and this month, from the journal.
 */
export async function spend(args: string[]): Promise<number> {
  const { values, globals, help } = parse(args, { since: { type: 'string' } })
  if (help) return out('reelbox spend [--since YYYY-MM-DD] [--json]'), EXIT.ok
  const since = sinceFlag(values.since)
  const core = await openEngine(globals)
  try {
    const summary = await call<CostSummary>(core, 'cost.ledger', since === undefined ? {} : { since })
    if (summary.totals.length > 1) throw problemError('INVALID_INPUT', problem('price.mixed', { currencies: summary.totals.map((t) => t.currency) }))
    const totals = summary.totals[0] ?? { currency: catalogueCurrency(core), total: 0, today: 0, month: 0, jobs: 0 }
    const amount = (minor: number): number => toAmount({ minor, currency: totals.currency })
    if (globals.json) {
      json({ currency: totals.currency, total: amount(totals.total), today: amount(totals.today), month: amount(totals.month), jobs: totals.jobs })
      return EXIT.ok
    }
    const of = (minor: number): string => money({ minor, currency: totals.currency })
    const sums = { total: of(totals.total), count: totals.jobs, today: of(totals.today), month: of(totals.month) }
    out(since === undefined ? say('cli.cost.allTold', sums) : say('cli.cost.sinceDay', { ...sums, day: String(values.since) }))
    for (const row of summary.byModel) out(`  ${row.modelName.padEnd(22)} ${row.money ? of(row.money.minor) : '—'}  ${say('cli.cost.jobCount', { count: row.jobs })}`)
    if (summary.unpriced > 0) out(say('cli.cost.unpriced', { count: summary.unpriced }))
    if (summary.free > 0) out(say('cli.cost.free', { count: summary.free }))
    if (summary.doubtful.jobs > 0) {
      const doubtful = summary.doubtful.money.map(money).join(' + ') || say('cli.cost.unknown')
      out(say('cli.cost.doubtful', { count: summary.doubtful.jobs, sums: doubtful }))
    }
    return EXIT.ok
  } finally {
    await core.dispose()
  }
}
