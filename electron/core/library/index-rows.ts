import type { LibraryItem, MadeBy } from '../../../shared/library'
import type { Entry } from './entry'

/**
 * How an item is laid out in the index file (index-db.ts): the schema, and a row to an entry
 * and back. Version 4 of the index (version 1 was one JSON file; 3 adds lineage, `continues`; 4 who made it,
 * `madeBy`, as JSON).
 */
export const SCHEMA = `
create table meta (key text primary key, value text not null) without rowid;
create table items (
  rowid integer primary key,
  id text not null unique,
  rel text not null unique,
  dir text not null,
  finishedAt not null,
  modelId text not null,
  family text not null,
  mode text,
  rating integer not null,
  favourite integer not null,
  tags text,
  prompt text not null,
  search text not null,
  origin text not null,
  version text not null,
  durationSec,
  width integer,
  height integer,
  sandbox integer not null,
  poster text,
  sidecar text not null,
  stamp text,
  continues text,
  madeBy text
);
create index items_time on items(finishedAt desc, id);
create index items_dir on items(dir, rel);
-- The clips that continue an item (its "after" in the detail view and the chain).
create index items_continues on items(continues) where continues is not null;
-- How many items: kept by the file itself, so opening never counts a million rows.
create trigger items_added after insert on items begin update meta set value = value + 1 where key = 'count'; end;
create trigger items_removed after delete on items begin update meta set value = value - 1 where key = 'count'; end;
create virtual table prompts using fts5(search, content='', contentless_delete=1, tokenize='trigram case_sensitive 1');
`

export const FIELDS = 'id, rel, dir, finishedAt, modelId, family, mode, rating, favourite, tags, prompt, search, origin, version, durationSec, width, height, sandbox, poster, sidecar, stamp, continues, madeBy'
/** FIELDS less id, rel, dir and finishedAt: what changes while an item stays where it is. */
export const MARKS = FIELDS.split(', ').slice(4).join(', ')
const COLUMN_NAMES = ['rowid', 'id', 'rel', 'finishedAt', 'modelId', 'family', 'mode', 'rating', 'favourite', 'tags', 'prompt', 'origin', 'version', 'durationSec', 'width', 'height', 'sandbox', 'poster', 'sidecar', 'stamp', 'continues', 'madeBy'] as const
/** What an entry is read from (`entryOf`). */
export const COLUMNS = COLUMN_NAMES.join(', ')
type Column = (typeof COLUMN_NAMES)[number]
/** Where each of COLUMNS is in a row read as an array. */
const AT = Object.fromEntries(COLUMN_NAMES.map((name, i) => [name, i])) as Record<Column, number>

export type Value = string | number | null
export type Row = Record<string, Value>

/** What the in-memory columns need of one item (columns.ts), in the index's order. */
export type ColumnRow = [rowid: number, finishedAt: number, id: string, modelId: string, family: string, mode: string | null, rating: number, favourite: number, tags: string[] | null, maker: string | null, makerName: string | null]

/** One change to write: an entry at `rowid`, or `null` to remove the item `id`. */
export interface IndexWrite {
  id: string
  rowid: number
  entry: Entry | null
}

/**
 * An entry from a row of COLUMNS read as an array (`setReturnArrays`): the binding makes an array
 * of 22 values about 1.7× faster than an object of 22 named fields, and a page's rows are most of
 * a search's time (docs/PERFORMANCE.md, issue 24).
 */
export function entryOf(values: readonly Value[]): Entry {
  const madeBy = values[AT.madeBy]
  const rel = values[AT.rel] as string
  const slash = rel.lastIndexOf('/')
  const item: LibraryItem = {
    id: values[AT.id] as string,
    origin: values[AT.origin] as LibraryItem['origin'],
    prompt: values[AT.prompt] as string,
    modelId: values[AT.modelId] as string,
    family: values[AT.family] as string,
    version: values[AT.version] as string,
    ...(values[AT.mode] === null ? {} : { mode: values[AT.mode] as NonNullable<LibraryItem['mode']> }),
    finishedAt: values[AT.finishedAt] as number,
    ...(values[AT.durationSec] === null ? {} : { durationSec: values[AT.durationSec] as number }),
    ...(values[AT.width] === null ? {} : { width: values[AT.width] as number }),
    ...(values[AT.height] === null ? {} : { height: values[AT.height] as number }),
    favourite: values[AT.favourite] === 1,
    rating: values[AT.rating] as number,
    tags: values[AT.tags] === null ? [] : (JSON.parse(values[AT.tags] as string) as string[]),
    sandbox: values[AT.sandbox] === 1,
    hasPoster: values[AT.poster] !== null,
    fileName: rel.slice(slash + 1),
    folder: slash < 0 ? '' : rel.slice(0, slash),
    ...(values[AT.continues] === null ? {} : { continues: values[AT.continues] as string }),
    ...(typeof madeBy === 'string' ? { madeBy: JSON.parse(madeBy) as MadeBy } : {}),
  }
  return {
    item,
    rel,
    ...(values[AT.poster] === null ? {} : { poster: values[AT.poster] as string }),
    sidecar: values[AT.sidecar] as Entry['sidecar'],
    ...(values[AT.stamp] === null ? {} : { stamp: values[AT.stamp] as string }),
  }
}

export const dirOf = (rel: string): string => (rel.includes('/') ? rel.slice(0, rel.lastIndexOf('/')) : '')

/**
 * The rowids of a `group_concat(rowid)` ("12,7,40"), read digit by digit: 160,000 of them (a
 * common word at 1,000,000 items) in about a tenth of the time `split(',').map(Number)` takes.
 */
export function rowidsIn(text: string | null): Int32Array {
  if (!text) return new Int32Array(0)
  let n = 1
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 44) n++
  const out = new Int32Array(n)
  let k = 0
  let value = 0
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c === 44) {
      out[k++] = value
      value = 0
    } else value = value * 10 + (c - 48)
  }
  out[k] = value
  return out
}
