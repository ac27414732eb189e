/** The console's navigation, by area. Resource names refer to the data provider's resources. */
export const ADMIN_NAV: { title: string; items: string[] }[] = [
  { title: 'Directory', items: ['destination', 'university', 'college', 'course', 'consultancy', 'exam', 'scholarship', 'event'] },
  { title: 'Articles', items: ['blog', 'blogCategory', 'news', 'newsCategory', 'featured', 'modelQuestion'] },
  { title: 'Lookups', items: ['district', 'discipline'] },
  { title: 'Promotion', items: ['offer', 'ad'] },
  { title: 'People and leads', items: ['user', 'inquiry', 'application', 'complaint'] },
  { title: 'Site', items: ['settings'] },
];

export const DASHBOARD_NAV: Record<'consultancy' | 'college' | 'university', { route: string; label: string }[]> = {
  consultancy: [
    { route: 'dashHome', label: 'Overview' },
    { route: 'dashProfile', label: 'Profile' },
    { route: 'dashApplications', label: 'Applications' },
    { route: 'dashInquiries', label: 'Inquiries' },
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
