import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { INSTITUTION_ROLES, type InstitutionRole } from '../../src/lib/contract/index.ts';
import { INSTITUTIONS } from '../../src/lib/contract/institutions.ts';
import { registry } from '../entities/registry.ts';

/**
 * The name of the institution of the kind in `kind` with the id `idOf` gives (columns of the outer
 * query), from each kind's entity (src/lib/contract/institutions.ts); `only` narrows a kind's rows.
 */
export function institutionNameBy(
  kind: SQLWrapper,
  idOf: (kind: InstitutionRole) => SQLWrapper,
  only: (kind: InstitutionRole) => SQL = () => sql`TRUE`,
) {
  const arms = INSTITUTION_ROLES.map((k) => {
    const { table, decl } = registry[INSTITUTIONS[k].entity];
    return sql`when ${k} then (select i.${sql.identifier(decl.titleField)} from ${table} i where i.id = ${idOf(k)} and ${only(k)})`;
  });
  return sql<string | null>`case ${kind} ${sql.join(arms, sql` `)} end`;
}
