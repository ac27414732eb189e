// The profile's schema, loaded only when a profile is saved or merged, so pages that just read the
// profile (the course list, the qualify marks) load no zod. zod-jitless first: its eval probe
// must not run before the setting (the pages' CSP forbids eval).
import '../../admin/zod-jitless.ts';
export { studentProfile } from '../contract/bodies/profile.ts';
