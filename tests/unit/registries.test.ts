import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DASHBOARD_NAV, screenOf } from '../../src/admin/nav.ts';
import { declarationOf, entities, INSTITUTION_ROLES, type EntityName } from '../../src/lib/contract/index.ts';
import { BRANCH_KINDS, hasBranches, hasScreen, INSTITUTIONS, takesInquiries } from '../../src/lib/contract/institutions.ts';
import { ESTIMATED } from '../../src/lib/site/estimate.ts';
import { categorizedBy, CATEGORIZED } from '../../src/pages/_lib/content.ts';
import { extrasOf, SITE_EXTRAS } from '../../src/pages/_lib/extras.ts';
import { mayAcceptAnswer, mayDeletePost, mayEditPost, mayReportPost, postsUnreviewed } from '../../server/access/authors.ts';
import { mayReadConsultancyFile, ownConsultancy, ownInstitution, ownInstitutionId } from '../../server/access/institutions.ts';
import type { SessionUser } from '../../server/plugins/auth.ts';

const user = (over: Partial<SessionUser>): SessionUser => ({
  id: 7,
  email: 'x@x.np',
  role: 'student',
  first_name: '',
  last_name: '',
  phone: '',
  consultancy_id: null,
  college_id: null,
  university_id: null,
  staff_role: 'owner',
  ...over,
});

describe('institution kinds (one registry)', () => {
  it('names each kind by the entity that declares it as its institution role', () => {
    for (const kind of INSTITUTION_ROLES) expect(entities[INSTITUTIONS[kind].entity].institutionRole).toBe(kind);
  });

  it('gives each dashboard the overview, the profile and its own screens, in order', () => {
    const labels = Object.fromEntries(INSTITUTION_ROLES.map((kind) => [kind, DASHBOARD_NAV[kind].map((n) => n.label)]));
    expect(labels).toEqual({
      consultancy: [
        'Overview',
        'Profile',
        'Applications',
        'Inquiries',
        'Counselling',
        'Branches',
        'Complaints',
        'Licence',
        'Reviews',
        'Staff',
      ],
      college: ['Overview', 'Profile', 'Branches', 'Inquiries'],
      university: ['Overview', 'Profile', 'Courses'],
    });
  });

  it('tells which kind has which screen, and files a branch form under Branches', () => {
    expect(INSTITUTION_ROLES.filter(takesInquiries)).toEqual(['consultancy', 'college']);
    expect(BRANCH_KINDS).toEqual(['consultancy', 'college']);
    expect(INSTITUTION_ROLES.filter(hasBranches)).toEqual(['consultancy', 'college']);
    expect(hasScreen('university', 'applications')).toBe(false);
    expect(screenOf('dashBranchEdit')).toBe('branches');
    expect(screenOf('dashBranchCreate')).toBe('branches');
    expect(screenOf('dashHome')).toBeUndefined();
  });
});

describe('site extras (registries, not name branches)', () => {
  it('makes the consultancy the provider, with an apply page under each row', () => {
    expect(Object.keys(SITE_EXTRAS)).toEqual(['exam', 'consultancy', 'college', 'destination', 'university', 'course']);
    expect(extrasOf('consultancy')).toMatchObject({ provider: true, rowPages: ['apply/'] });
    expect(extrasOf('scholarship')).toEqual({});
  });

  it('gives each destination a plan page, and leads each page that links a plan through ref fields to a destination', () => {
    expect(extrasOf('destination').rowPages).toEqual(['plan/']);
    for (const name of ['destination', 'university', 'course'] as const) {
      let entity: string = name;
      for (const field of extrasOf(name).plan!.split('.').filter(Boolean)) {
        const meta = declarationOf(entity as EntityName).fields[field];
        expect(meta?.kind, `${name}: ${field}`).toBe('ref');
        entity = meta!.kind === 'ref' ? meta!.ref : '';
      }
      expect(entity, name).toBe('destination');
    }
  });

  it('files blog and news in the category entities their category field refers to', () => {
    for (const [kind, category] of Object.entries(CATEGORIZED)) {
      const field = entities[kind as keyof typeof CATEGORIZED].fields.category_id;
      expect(field.kind === 'ref' && field.ref).toBe(category);
      expect(categorizedBy(category)).toBe(kind);
    }
    expect(categorizedBy('destination')).toBeUndefined();
  });

  it('estimates a course from its fee and its university, a university from its tuition range', () => {
    const uni = { id: 3, tuition_min: 10, tuition_max: 20, currency: 'AUD', destination_id: 1 };
    expect(ESTIMATED.course!({ fee: 5, currency: 'USD', university_id: 3 }, (id) => (id === 3 ? uni : undefined))).toEqual({
      tuition: { min: 5, max: 5, currency: 'USD' },
      university: uni,
    });
    expect(ESTIMATED.university!(uni, () => undefined)).toEqual({ tuition: { min: 10, max: 20, currency: 'AUD' }, university: uni });
    expect(ESTIMATED.consultancy).toBeUndefined();
  });
});

describe('access rules (server/access)', () => {
  it('gives an institution account only its own institution, and refuses an unlinked one', () => {
    expect(ownInstitutionId(user({ role: 'college', college_id: 4 }), 'college')).toBe(4);
    expect(() => ownInstitutionId(user({ role: 'college' }), 'college')).toThrow('This account is not linked to a college.');
    expect(() => ownConsultancy(user({ role: 'consultancy' }))).toThrow('This account is not linked to a consultancy.');
    expect(ownInstitution(user({ role: 'university', university_id: 9 }))).toEqual({ kind: 'university', id: 9 });
    expect(() => ownInstitution(user({ role: 'student' }))).toThrow();
  });

  it("lets an admin or the consultancy's own accounts read its files", () => {
    expect(mayReadConsultancyFile(user({ role: 'admin' }), 2)).toBe(true);
    expect(mayReadConsultancyFile(user({ role: 'consultancy', consultancy_id: 2 }), 2)).toBe(true);
    expect(mayReadConsultancyFile(user({ role: 'consultancy', consultancy_id: 3 }), 2)).toBe(false);
  });

  it('lets authors edit, delete and not report their posts; admins delete and accept any', () => {
    const author = user({ id: 7 });
    const other = user({ id: 8 });
    const admin = user({ id: 9, role: 'admin' });
    expect([mayEditPost(author, 7), mayEditPost(other, 7), mayEditPost(admin, 7)]).toEqual([true, false, false]);
    expect([mayDeletePost(author, 7), mayDeletePost(other, 7), mayDeletePost(admin, 7)]).toEqual([true, false, true]);
    expect([mayAcceptAnswer(author, 7), mayAcceptAnswer(other, 7), mayAcceptAnswer(admin, 7)]).toEqual([true, false, true]);
    expect([mayReportPost(author, 7), mayReportPost(other, 7)]).toEqual([false, true]);
    expect([postsUnreviewed(admin), postsUnreviewed(author)]).toEqual([true, false]);
  });
});

/** The relative, non-type imports of a server module, resolved to paths from the repository root. */
const importsOf = (file: string): string[] =>
  [...readFileSync(file, 'utf8').matchAll(/^import (?!type )[^;]*?from '(\.[^']+)'/gms)].map((m) =>
    path.normalize(path.join(path.dirname(file), m[1]!)),
  );

describe('imports', () => {
  it('keeps the notices out of a circle with the applications and complaints services', () => {
    const seen = new Set<string>();
    const walk = (file: string) => {
      if (seen.has(file) || !file.startsWith('server/')) return;
      seen.add(file);
      importsOf(file).forEach(walk);
    };
    walk('server/services/notices.ts');
    expect([...seen].filter((f) => f === 'server/services/applications.ts' || f === 'server/services/complaints.ts')).toEqual([]);
  });

  it('has no route module import another (but the index that registers them all)', () => {
    for (const name of readdirSync('server/routes').filter((n) => n !== 'index.ts'))
      expect(
        importsOf(path.join('server/routes', name)).filter((f) => f.startsWith('server/routes/')),
        name,
      ).toEqual([]);
  });
});
