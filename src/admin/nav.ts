import { CONSOLE_GROUPS, consoleEntities, type ConsoleGroup } from '../lib/contract/index.ts';

/** Console screens that are not content entities, by the group they sit in after its entities. */
const OTHER_SCREENS: Partial<Record<ConsoleGroup, string[]>> = {
  Directory: ['licences', 'stale'],
  'People and leads': ['user', 'inquiry', 'application', 'complaint', 'review'],
  Site: ['settings', 'forumModeration', 'outbox'],
};

/** The admin screens of their own (not a resource's list), by their name in the navigation. */
export const ADMIN_SCREENS: Record<string, { route: 'adminSettings' | 'adminLicences' | 'adminOutbox' | 'adminForumModeration'; label: string }> = {
  licences: { route: 'adminLicences', label: 'Licences' },
  outbox: { route: 'adminOutbox', label: 'Outbox' },
  settings: { route: 'adminSettings', label: 'Settings' },
  forumModeration: { route: 'adminForumModeration', label: 'Forum moderation' },
};

/** The console's navigation, by area, from the declarations' `console` option. Resource names refer to the data provider's resources. */
export const ADMIN_NAV: { title: string; items: string[] }[] = CONSOLE_GROUPS.map((title) => ({
  title,
  items: [...consoleEntities(title).map((d) => d.name), ...(OTHER_SCREENS[title] ?? [])],
}));

export const DASHBOARD_NAV: Record<'consultancy' | 'college' | 'university', { route: string; label: string }[]> = {
  consultancy: [
    { route: 'dashHome', label: 'Overview' },
    { route: 'dashProfile', label: 'Profile' },
    { route: 'dashApplications', label: 'Applications' },
    { route: 'dashInquiries', label: 'Inquiries' },
    { route: 'dashComplaints', label: 'Complaints' },
    { route: 'dashLicence', label: 'Licence' },
    { route: 'dashReviews', label: 'Reviews' },
  ],
  college: [
    { route: 'dashHome', label: 'Overview' },
    { route: 'dashProfile', label: 'Profile' },
    { route: 'dashBranches', label: 'Branches' },
    { route: 'dashInquiries', label: 'Inquiries' },
  ],
  university: [
    { route: 'dashHome', label: 'Overview' },
    { route: 'dashProfile', label: 'Profile' },
    { route: 'dashCourses', label: 'Courses' },
  ],
};
