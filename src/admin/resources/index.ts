import { entities } from '../../lib/contract/index.ts';
import { application } from './application.ts';
import { complaint } from './complaint.ts';
import { fromDeclaration } from './content.ts';
import { inquiry } from './inquiry.ts';
import type { Resource } from './resource.ts';
import { review } from './review.ts';
import { stale } from './stale.ts';
import { user } from './user.ts';

export type { FilterDef, Resource, Row } from './resource.ts';

/** Every console resource, by name: the content entities, then the account and lead resources. */
export const resources: Record<string, Resource> = {
  ...Object.fromEntries(Object.values(entities).map((d) => [d.name, fromDeclaration(d)])),
  ...Object.fromEntries([user, inquiry, application, complaint, stale, review].map((r) => [r.name, r])),
};

export function resource(name: string): Resource {
  const r = resources[name];
  if (!r) throw new Error(`Unknown resource ${name}`);
  return r;
}
