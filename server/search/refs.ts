import type { EntityDeclaration, EntityName } from '../../src/lib/contract/index.ts';
import type { Db } from '../db/index.ts';
import type { ContentMemo } from '../entities/content-memo.ts';
import { listRows, MAX_IDS } from '../entities/query.ts';
import { serverEntity } from '../entities/registry.ts';

type Row = Record<string, unknown> & { id: number };

/** A ref field a card names: a course's university; `next`, the ref of that row it names in turn (the university's country). */
interface CardRef {
  field: string;
  ref: EntityName;
  next?: { field: string; ref: EntityName };
}

const namedRef = (decl: EntityDeclaration): { field: string; ref: EntityName } | undefined => {
  const found = Object.entries(decl.fields).find(([, meta]) => meta.kind === 'ref' && meta.namedInResults);
  return found && found[1].kind === 'ref' ? { field: found[0], ref: found[1].ref } : undefined;
};

/** The ref fields a card states (`card`, else the ref the results name), as src/pages/_lib/content.ts cardRefPaths reads them. */
function cardRefs(decl: EntityDeclaration): CardRef[] {
  const fields = decl.card ?? (namedRef(decl) ? [namedRef(decl)!.field] : []);
  return fields.flatMap((field) => {
    const meta = decl.fields[field];
    if (meta?.kind !== 'ref' && meta?.kind !== 'refs') return [];
    const next = meta.kind === 'ref' && meta.namedInResults ? namedRef(serverEntity(meta.ref).decl) : undefined;
    return [{ field, ref: meta.ref, next }];
  });
}

const idsIn = (rows: Row[], field: string): number[] => [
  ...new Set(rows.flatMap((r) => (Array.isArray(r[field]) ? r[field] : [r[field]]).filter((v): v is number => typeof v === 'number'))),
];

/** The rows of `ref` with these ids, as its list answers them. */
async function rowsOf(db: Db, ref: EntityName, ids: number[], memo: ContentMemo): Promise<Row[]> {
  if (ids.length === 0) return [];
  const list = await listRows(db, serverEntity(ref), { ids: ids.slice(0, MAX_IDS).join(','), page_size: MAX_IDS }, [], {
    memo,
    count: 'none',
  });
  return list.results as Row[];
}

/**
 * What the cards of `rows` name, per ref field: a course's university under "university_id" and
 * that university's country under "university_id.destination_id", the keys the site's cards read.
 */
export async function refsOf(db: Db, decl: EntityDeclaration, rows: Row[], memo: ContentMemo): Promise<Record<string, Row[]>> {
  const refs: Record<string, Row[]> = {};
  await Promise.all(
    cardRefs(decl).map(async ({ field, ref, next }) => {
      const named = await rowsOf(db, ref, idsIn(rows, field), memo);
      refs[field] = named;
      if (next) refs[`${field}.${next.field}`] = await rowsOf(db, next.ref, idsIn(named, next.field), memo);
    }),
  );
  return refs;
}
