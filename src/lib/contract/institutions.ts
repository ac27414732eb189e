import { INSTITUTION_ROLES, type InstitutionRole } from './entity.ts';

/**
 * The kinds of institution with an account and a dashboard, and what each kind has: the one place
 * the kind-by-screen matrix is written. The server's dashboards, reports and notices and the
 * console's navigation and routes read it.
 */

/** A dashboard screen besides the overview and the profile every kind has. */
export type DashboardScreen =
  'applications' | 'inquiries' | 'counselling' | 'complaints' | 'licence' | 'reviews' | 'staff' | 'branches' | 'courses';

export interface InstitutionSpec {
  /** the entity its profile is a row of */
  entity: 'consultancy' | 'college' | 'university';
  /** its dashboard's screens after the overview and the profile, in the navigation's order */
  screens: readonly DashboardScreen[];
  /** its accounts' forum posts name it only once we verified it (others: once an admin linked the account) */
  namedInForumWhenVerified?: true;
}

export const INSTITUTIONS = {
  consultancy: {
    entity: 'consultancy',
    screens: ['applications', 'inquiries', 'counselling', 'branches', 'complaints', 'licence', 'reviews', 'staff'],
    namedInForumWhenVerified: true,
  },
  college: { entity: 'college', screens: ['branches', 'inquiries'] },
  university: { entity: 'university', screens: ['courses'] },
} as const satisfies Record<InstitutionRole, InstitutionSpec>;

/** One kind's spec, with the options only some kinds set. */
export const institutionSpec = (kind: InstitutionRole): InstitutionSpec => INSTITUTIONS[kind];

export const isInstitutionKind = (role: unknown): role is InstitutionRole => (INSTITUTION_ROLES as readonly unknown[]).includes(role);

export const hasScreen = (kind: InstitutionRole, screen: DashboardScreen) =>
  (INSTITUTIONS[kind].screens as readonly DashboardScreen[]).includes(screen);

/** The kinds that are sent inquiries (and so notices, at the address on their profile when no account has one). */
export type InquiryKind = {
  [K in InstitutionRole]: 'inquiries' extends (typeof INSTITUTIONS)[K]['screens'][number] ? K : never;
}[InstitutionRole];

export const takesInquiries = (kind: InstitutionRole): kind is InquiryKind => hasScreen(kind, 'inquiries');

/** The kinds with other offices (a Branches screen, their public page lists them). */
export type BranchKind = {
  [K in InstitutionRole]: 'branches' extends (typeof INSTITUTIONS)[K]['screens'][number] ? K : never;
}[InstitutionRole];

export const hasBranches = (kind: InstitutionRole): kind is BranchKind => hasScreen(kind, 'branches');
export const BRANCH_KINDS = (Object.keys(INSTITUTIONS) as InstitutionRole[]).filter(hasBranches);
