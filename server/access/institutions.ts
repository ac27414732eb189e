import type { InstitutionRole } from '../../src/lib/contract/index.ts';
import { isInstitutionKind } from '../../src/lib/contract/institutions.ts';
import { forbidden } from '../errors.ts';
import type { SessionUser } from '../plugins/auth.ts';
import { isAdmin } from './roles.ts';

/** The id of the `kind` of institution an account acts for; the id a client sends is never trusted. */
export function ownInstitutionId(user: SessionUser | null | undefined, kind: InstitutionRole): number {
  const id = user?.[`${kind}_id`];
  if (!id) throw forbidden(`This account is not linked to a ${kind}.`);
  return id;
}

/** The consultancy an account acts for (its applications, complaints, inquiries, licences and reviews). */
export const ownConsultancy = (user: SessionUser | null | undefined) => ownInstitutionId(user, 'consultancy');

/** The institution an institution account acts for, of its own kind (its role). */
export function ownInstitution(user: SessionUser | null | undefined): { kind: InstitutionRole; id: number } {
  const kind = user?.role;
  if (!isInstitutionKind(kind)) throw forbidden('This account is not an institution account.');
  return { kind, id: ownInstitutionId(user, kind) };
}

/** A consultancy's private files (application documents): an admin's, or its own accounts'; to another account they do not exist. */
export const mayReadConsultancyFile = (user: SessionUser, consultancyId: number) => isAdmin(user) || consultancyId === ownConsultancy(user);

/** Who works on an application (requests its documents and decides on them): the same people who may read its files. */
export const mayHandleApplication = mayReadConsultancyFile;
/** An institution's profile and staff are managed by its owners; a consultancy's counsellors only work its applications. */
export function ownInstitutionToManage(user: SessionUser | null | undefined, kind: InstitutionRole): number {
  const id = ownInstitutionId(user, kind);
  if (user!.staff_role !== 'owner') throw forbidden(`Only an owner of the ${kind} may do this.`);
  return id;
}

export const ownConsultancyAsOwner = (user: SessionUser | null | undefined) => ownInstitutionToManage(user, 'consultancy');

/** A route hook for owner-only consultancy routes: a counsellor is refused before the request is read. */
export const consultancyOwnersOnly = async (request: { user: SessionUser | null }) => {
  ownConsultancyAsOwner(request.user);
};
