import { CONSOLE_GROUPS, consoleEntities, INSTITUTION_ROLES, type ConsoleGroup, type InstitutionRole } from '../lib/contract/index.ts';
import { INSTITUTIONS, type DashboardScreen } from '../lib/contract/institutions.ts';
import type { RouteName } from '../lib/stores/admin.ts';

/** Console screens that are not content entities, by the group they sit in after its entities. */
const OTHER_SCREENS: Partial<Record<ConsoleGroup, string[]>> = {
  Directory: ['licences', 'stale'],
  'People and leads': ['user', 'inquiry', 'application', 'payments', 'disputedDecisions', 'erasures', 'complaint', 'review'],
  Site: ['settings', 'forumModeration', 'outbox'],
};

/** The admin screens of their own (not a resource's list), by their name in the navigation. */
export const ADMIN_SCREENS: Record<
  string,
  {
    route:
      | 'adminSettings'
      | 'adminLicences'
      | 'adminOutbox'
      | 'adminForumModeration'
      | 'adminErasures'
      | 'adminPayments'
      | 'adminDisputedDecisions';
    label: string;
  }
> = {
  licences: { route: 'adminLicences', label: 'Licences' },
  outbox: { route: 'adminOutbox', label: 'Outbox' },
  erasures: { route: 'adminErasures', label: 'Erasure requests' },
  payments: { route: 'adminPayments', label: 'Flagged payments' },
  disputedDecisions: { route: 'adminDisputedDecisions', label: 'Disputed decisions' },
  settings: { route: 'adminSettings', label: 'Settings' },
  forumModeration: { route: 'adminForumModeration', label: 'Forum moderation' },
};

/** The console's navigation, by area, from the declarations' `console` option. Resource names refer to the data provider's resources. */
export const ADMIN_NAV: { title: string; items: string[] }[] = CONSOLE_GROUPS.map((title) => ({
  title,
  items: [...consoleEntities(title).map((d) => d.name), ...(OTHER_SCREENS[title] ?? [])],
}));

export interface DashboardLink {
  route: RouteName;
  label: string;
  /**
   * for an institution's owners only (issue 26): a consultancy's counsellors work its applications,
   * inquiries and counselling day, not its profile, licence, staff, branches or public answers
   */
  ownerOnly?: true;
}

/** Each dashboard screen's place in the navigation: its route, its label, and the routes under it (a branch's form). */
export const DASHBOARD_SCREENS: Record<DashboardScreen, DashboardLink & { under?: RouteName[] }> = {
  applications: { route: 'dashApplications', label: 'Applications', under: ['dashApplication'] },
  inquiries: { route: 'dashInquiries', label: 'Inquiries' },
  counselling: { route: 'dashCounselling', label: 'Counselling' },
  complaints: { route: 'dashComplaints', label: 'Complaints', ownerOnly: true },
  licence: { route: 'dashLicence', label: 'Licence', ownerOnly: true },
  reviews: { route: 'dashReviews', label: 'Reviews', ownerOnly: true },
  staff: { route: 'dashStaff', label: 'Staff', ownerOnly: true },
  branches: { route: 'dashBranches', label: 'Branches', under: ['dashBranchCreate', 'dashBranchEdit'], ownerOnly: true },
  courses: { route: 'dashCourses', label: 'Courses' },
};

/** Each kind's dashboard navigation: the overview, the profile, then the screens its kind has (contract/institutions.ts). */
export const DASHBOARD_NAV = Object.fromEntries(
  INSTITUTION_ROLES.map((kind) => [
    kind,
    [
      { route: 'dashHome', label: 'Overview' },
      { route: 'dashProfile', label: 'Profile', ownerOnly: true },
      ...INSTITUTIONS[kind].screens.map((screen) => DASHBOARD_SCREENS[screen]),
    ],
  ]),
) as Record<InstitutionRole, DashboardLink[]>;

/** The navigation one account sees: a counsellor's has no owner-only entries. */
export const dashboardNav = (kind: InstitutionRole, owner: boolean) => DASHBOARD_NAV[kind].filter((n) => owner || !n.ownerOnly);

/** Whether an account may open a dashboard route: a counsellor is shown no owner-only screen, nor what is under it. */
export const mayOpen = (route: RouteName | undefined, owner: boolean) => {
  const screen = screenOf(route);
  const link = screen ? DASHBOARD_SCREENS[screen] : DASHBOARD_NAV.consultancy.find((n) => n.route === route);
  return owner || !link?.ownerOnly;
};

/** The screen a dashboard route shows, if it is one that not every kind has. */
export const screenOf = (route: RouteName | undefined): DashboardScreen | undefined =>
  (Object.entries(DASHBOARD_SCREENS) as [DashboardScreen, (typeof DASHBOARD_SCREENS)[DashboardScreen]][]).find(
    ([, s]) => s.route === route || (route && s.under?.includes(route)),
  )?.[0];
