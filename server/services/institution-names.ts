import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { INSTITUTION_ROLES, type InstitutionRole } from '../../src/lib/contract/index.ts';
import { INSTITUTIONS } from '../../src/lib/contract/institutions.ts';
import { registry } from '../entities/registry.ts';

/**
 * Which institution: the one of the kind in `kind` with the id `idOf` gives (columns of the outer
 * query), from each kind's entity (src/lib/contract/institutions.ts); `only` narrows a kind's rows.
 */
type Pointer = [kind: SQLWrapper, idOf: (kind: InstitutionRole) => SQLWrapper, only?: (kind: InstitutionRole) => SQL];

function institutionColumnBy(column: (titleField: string) => string, [kind, idOf, only = () => sql`TRUE`]: Pointer) {
  const arms = INSTITUTION_ROLES.map((k) => {
    const { table, decl } = registry[INSTITUTIONS[k].entity];
    return sql`when ${k} then (select i.${sql.identifier(column(decl.titleField))} from ${table} i where i.id = ${idOf(k)} and ${only(k)})`;
  });
  return sql`case ${kind} ${sql.join(arms, sql` `)} end`;
}

/** The name of the institution the pointer names. */
export const institutionNameBy = (...pointer: Pointer) => institutionColumnBy((title) => title, pointer) as SQL<string | null>;

/** When the institution the pointer names was last written (a rename, a verification), whatever `only` says. */
export const institutionUpdatedBy = (kind: Pointer[0], idOf: Pointer[1]) => institutionColumnBy(() => 'updated_at', [kind, idOf]);
