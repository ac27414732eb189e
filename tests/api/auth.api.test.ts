import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, count, eq, sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import {
  bearer,
  buildTestApp,
  createConsultancy,
  createUser,
  engines,
  expectErrorShape,
  freshIp,
  login,
  PASSWORD,
  signedIn,
  type TestApp,
} from './helpers.ts';
import { refreshTokens, users } from '../../server/db/schema/index.ts';
import { LOGIN_SLOWDOWN_AFTER, LOGIN_SLOWDOWN_MS } from '../../server/routes/auth.ts';
import { SIGN_UP_SENT, UNCONFIRMED } from '../../server/services/accounts.ts';
import { REFRESH_GRACE_SECONDS } from '../../server/services/sessions.ts';
import { startInbox, type Inbox } from './inbox.ts';

describe.each(engines)('auth and accounts on %s', (engine) => {
  let t: TestApp;
  let inbox: Inbox;
  beforeAll(async () => {
    inbox = await startInbox();
    t = await buildTestApp(engine, { env: { SMTP_URL: inbox.url } });
  });
  afterAll(async () => {
    await t.close();
    await inbox.close();
  });

  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: `/api${url}`, payload: payload as object, headers, remoteAddress: freshIp() });
  const userCount = async () => (await t.database.db.select({ n: count() }).from(users))[0]!.n;
  /** Moves a user's rotations back past the grace window: a replay now is taken for theft. */
  const afterGrace = (userId: number) =>
    t.database.db
      .update(refreshTokens)
      .set({ rotated_at: sql`${refreshTokens.rotated_at} - make_interval(secs => ${REFRESH_GRACE_SECONDS + 1})` })
      .where(eq(refreshTokens.user_id, userId));

  describe('login', () => {
    it('answers tokens and the user, never the password hash', async () => {
      const consultancyId = await createConsultancy(t.database.db);
      const user = await createUser(t.database.db, 'consultancy', { consultancy_id: consultancyId, first_name: 'Sita' });
      const res = await post('/auth/login/', { email: user.email.toUpperCase(), password: PASSWORD });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.access).toMatch(/^ey/);
      expect(body.refresh.length).toBeGreaterThan(30);
      expect(body.user).toEqual({
        id: user.id,
        email: user.email,
        first_name: 'Sita',
        last_name: 'consultancy',
        phone: '',
        role: 'consultancy',
        consultancy_id: consultancyId,
        college_id: null,
        university_id: null,
        staff_role: 'owner',
      });
      expect(res.body).not.toContain('password');
    });

    it('gives the same answer for an unknown email and a wrong password', async () => {
      const user = await createUser(t.database.db, 'student');
      const unknown = await post('/auth/login/', { email: 'nobody@example.com', password: PASSWORD });
      const wrong = await post('/auth/login/', { email: user.email, password: 'wrong-password' });
      expect(unknown.statusCode).toBe(401);
      expect(wrong.statusCode).toBe(401);
      expect(unknown.json()).toEqual(wrong.json());
    });

    it('refuses a deactivated account, and its tokens stop working at once', async () => {
      const user = await createUser(t.database.db, 'student');
      const session = await login(t.app, user.email);
      await t.database.db.update(users).set({ active: false }).where(eq(users.id, user.id));
      const res = await post('/auth/login/', { email: user.email, password: PASSWORD });
      expect(res.statusCode).toBe(403);
      expectErrorShape(res.json());
      expect((await t.app.inject({ url: '/api/auth/me/', headers: bearer(session) })).statusCode).toBe(401);
      expect((await post('/auth/refresh/', { refresh: session.refresh })).statusCode).toBe(401);
    });

    it('stops one address guessing one account, and never locks the owner out from another address', async () => {
      const user = await createUser(t.database.db, 'student');
      const stranger = freshIp();
      const attempt = (password: string, remoteAddress: string) =>
        t.app.inject({ method: 'POST', url: '/api/auth/login/', payload: { email: user.email, password }, remoteAddress });
      const codes: number[] = [];
      for (let i = 0; i < 11; i++) codes.push((await attempt('wrong-password', stranger)).statusCode);
      expect(codes.slice(0, 10).every((c) => c === 401)).toBe(true);
      expect(codes[10]).toBe(429);
      const blocked = await attempt(PASSWORD, stranger);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.headers['retry-after']).toBeDefined();
      expectErrorShape(blocked.json());
      expect((await attempt(PASSWORD, freshIp())).statusCode).toBe(200);
    });

    it(`slows guessing one account from many addresses after ${LOGIN_SLOWDOWN_AFTER} tries, without refusing the owner`, async () => {
      const user = await createUser(t.database.db, 'student');
      for (let i = 0; i < LOGIN_SLOWDOWN_AFTER; i++)
        expect((await post('/auth/login/', { email: user.email, password: `guess-${i}` })).statusCode).toBe(401);
      let started = performance.now();
      expect((await post('/auth/login/', { email: user.email, password: 'guess-again' })).statusCode).toBe(401);
      expect(performance.now() - started).toBeGreaterThanOrEqual(LOGIN_SLOWDOWN_MS - 50);
      started = performance.now();
      expect((await post('/auth/login/', { email: user.email, password: PASSWORD })).statusCode).toBe(200);
      expect(performance.now() - started).toBeGreaterThanOrEqual(LOGIN_SLOWDOWN_MS - 50);
    }, 120_000);

    it('limits attempts per address, whatever the account', async () => {
      const remoteAddress = freshIp();
      const codes: number[] = [];
      for (let i = 0; i < 31; i++) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/auth/login/',
          payload: { email: `x${i}@example.com`, password: 'whatever1' },
          remoteAddress,
        });
        codes.push(res.statusCode);
      }
      expect(codes.filter((c) => c === 429)).toHaveLength(1);
      expect(codes[30]).toBe(429);
    });

    it.each([
      ['missing fields', {}],
      ['wrong types', { email: 42, password: true }],
      ['an extra field', { email: 'a@example.com', password: 'x', role: 'admin' }],
      ['a 100 KB string', { email: `${'a'.repeat(100_000)}@example.com`, password: 'a'.repeat(100_000) }],
      ['a bad email', { email: 'not-an-email', password: 'whatever' }],
    ])('answers 400 with fields for %s', async (_name, payload) => {
      const res = await post('/auth/login/', payload);
      expect(res.statusCode).toBe(400);
      expectErrorShape(res.json());
      expect(res.json().fields).toBeDefined();
    });

    it('answers 400 for broken JSON', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login/',
        payload: '{"email": "a@',
        headers: { 'content-type': 'application/json' },
        remoteAddress: freshIp(),
      });
      expect(res.statusCode).toBe(400);
      expectErrorShape(res.json());
    });
  });

  describe('refresh and logout', () => {
    it('rotates the refresh token, and a replayed one revokes the whole login', async () => {
      const user = await createUser(t.database.db, 'student');
      const first = await login(t.app, user.email);
      const second = await post('/auth/refresh/', { refresh: first.refresh });
      expect(second.statusCode).toBe(200);
      const rotated = second.json();
      expect(rotated.refresh).not.toBe(first.refresh);
      expect(rotated.user.id).toBe(user.id);
      expect((await t.app.inject({ url: '/api/auth/me/', headers: bearer(rotated) })).statusCode).toBe(200);

      await afterGrace(user.id);
      const replay = await post('/auth/refresh/', { refresh: first.refresh });
      expect(replay.statusCode).toBe(401);
      expectErrorShape(replay.json());
      expect((await post('/auth/refresh/', { refresh: rotated.refresh })).statusCode).toBe(401);

      const other = await login(t.app, user.email);
      expect((await post('/auth/refresh/', { refresh: other.refresh })).statusCode).toBe(200);
    });

    it('a replayed refresh token also ends the access tokens of that login, and only of that login', async () => {
      const user = await createUser(t.database.db, 'student');
      const me = (session: { access: string }) => t.app.inject({ url: '/api/auth/me/', headers: bearer(session) });
      const first = await login(t.app, user.email);
      const unrelated = await login(t.app, user.email);
      const rotated = (await post('/auth/refresh/', { refresh: first.refresh })).json();
      expect((await me(rotated)).statusCode).toBe(200);

      await afterGrace(user.id);
      expect((await post('/auth/refresh/', { refresh: first.refresh })).statusCode).toBe(401);
      for (const session of [rotated, first]) {
        const res = await me(session);
        expect(res.statusCode).toBe(401);
        expectErrorShape(res.json());
      }
      expect((await me(unrelated)).statusCode).toBe(200);
    });

    it('answers two simultaneous refreshes with one token (two tabs) with the same pair; a third after the window ends the login', async () => {
      const user = await createUser(t.database.db, 'student');
      const session = await login(t.app, user.email);
      const results = await Promise.all([
        post('/auth/refresh/', { refresh: session.refresh }),
        post('/auth/refresh/', { refresh: session.refresh }),
      ]);
      expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
      const [a, b] = results.map((r) => r.json<{ access: string; refresh: string }>());
      expect(b!.refresh).toBe(a!.refresh);
      expect(b!.access).toBe(a!.access);
      expect(a!.refresh).not.toBe(session.refresh);
      expect((await t.app.inject({ url: '/api/auth/me/', headers: bearer(a!) })).statusCode).toBe(200);

      await afterGrace(user.id);
      const third = await post('/auth/refresh/', { refresh: session.refresh });
      expect(third.statusCode).toBe(401);
      expectErrorShape(third.json());
      expect((await post('/auth/refresh/', { refresh: a!.refresh })).statusCode).toBe(401);
      expect((await t.app.inject({ url: '/api/auth/me/', headers: bearer(a!) })).statusCode).toBe(401);
    });

    it('answers no pair in the window once the login ended (logout after the first refresh)', async () => {
      const user = await createUser(t.database.db, 'student');
      const session = await login(t.app, user.email);
      const rotated = (await post('/auth/refresh/', { refresh: session.refresh })).json();
      expect((await post('/auth/logout/', { refresh: rotated.refresh })).statusCode).toBe(200);
      expect((await post('/auth/refresh/', { refresh: session.refresh })).statusCode).toBe(401);
    });

    it('stores only a hash of the refresh token', async () => {
      const user = await createUser(t.database.db, 'student');
      const session = await login(t.app, user.email);
      const rows = await t.database.db
        .select({ hash: refreshTokens.token_hash })
        .from(refreshTokens)
        .where(eq(refreshTokens.user_id, user.id));
      expect(rows).toHaveLength(1);
      expect(rows[0]!.hash).toMatch(/^[0-9a-f]{64}$/);
      expect(rows[0]!.hash).not.toContain(session.refresh);
    });

    it('logout ends the login', async () => {
      const user = await createUser(t.database.db, 'student');
      const session = await login(t.app, user.email);
      const res = await post('/auth/logout/', { refresh: session.refresh });
      expect(res.statusCode).toBe(200);
      expect((await post('/auth/refresh/', { refresh: session.refresh })).statusCode).toBe(401);
      expect((await post('/auth/logout/', { refresh: 'unknown-token' })).statusCode).toBe(200);
    });

    it('logout ends the access token of that login, and only of that login', async () => {
      const user = await createUser(t.database.db, 'student');
      const me = (session: { access: string }) => t.app.inject({ url: '/api/auth/me/', headers: bearer(session) });
      const session = await login(t.app, user.email);
      const unrelated = await login(t.app, user.email);
      expect((await me(session)).statusCode).toBe(200);
      expect((await post('/auth/logout/', { refresh: session.refresh })).statusCode).toBe(200);
      const res = await me(session);
      expect(res.statusCode).toBe(401);
      expectErrorShape(res.json());
      expect((await me(unrelated)).statusCode).toBe(200);
    });

    it('refuses unknown and malformed refresh tokens', async () => {
      expect((await post('/auth/refresh/', { refresh: 'forged' })).statusCode).toBe(401);
      expect((await post('/auth/refresh/', { refresh: 12 })).statusCode).toBe(400);
      expect((await post('/auth/refresh/', {})).statusCode).toBe(400);
    });
  });

  describe('register and me', () => {
    it('signs up a student by mail: 202, a link to confirm the address, then signed in; no sign-in before', async () => {
      const res = await post('/auth/register/', {
        email: 'New.Student@Example.com',
        password: 'long-enough-1',
        first_name: 'Ram',
        last_name: 'Sharma',
        phone: '9812345678',
      });
      expect(res.statusCode).toBe(202);
      expect(res.json()).toEqual({ message: SIGN_UP_SENT });
      const mail = await inbox.next('new.student@example.com');
      expect(mail.subject).toBe('Confirm your email to finish creating your account');
      const token = mail.text.match(/\/login\/\?verify=([\w.-]+)/)![1]!;

      const early = await post('/auth/login/', { email: 'new.student@example.com', password: 'long-enough-1' });
      expect(early.statusCode).toBe(403);
      expect(early.json().error).toBe(UNCONFIRMED);

      const confirmed = await post('/auth/verify/', { token });
      expect(confirmed.statusCode).toBe(201);
      expect(confirmed.json().user).toMatchObject({ email: 'new.student@example.com', role: 'student', first_name: 'Ram' });
      const me = await t.app.inject({ url: '/api/auth/me/', headers: bearer(confirmed.json()) });
      expect(me.json()).toMatchObject({ email: 'new.student@example.com', role: 'student' });
      expect((await post('/auth/login/', { email: 'new.student@example.com', password: 'long-enough-1' })).statusCode).toBe(200);
      for (const bad of [`${token}x`, 'not-a-token', await t.app.tokens.sign({ sub: confirmed.json().user.id, role: 'student' })])
        expect((await post('/auth/verify/', { token: bad })).statusCode).toBe(400);
    });

    it('answers a sign-up for an address with an account exactly as for a new one, tells the owner by mail, and changes nothing', async () => {
      const user = await createUser(t.database.db, 'student');
      const fresh = await post('/auth/register/', { email: 'nobody.yet@example.com', password: 'long-enough-1', first_name: 'Hari' });
      const taken = await post('/auth/register/', { email: user.email, password: 'another-long-one-2', first_name: 'Hari' });
      expect([taken.statusCode, taken.json()]).toEqual([fresh.statusCode, fresh.json()]);
      const mail = await inbox.next(user.email);
      expect(mail.subject).toBe('You already have an account');
      expect(mail.text).not.toMatch(/verify=/);
      expect((await post('/auth/login/', { email: user.email, password: PASSWORD })).statusCode).toBe(200);
      expect((await post('/auth/login/', { email: user.email, password: 'another-long-one-2' })).statusCode).toBe(401);
    });

    it('refuses a chosen role, a short password and a missing name, storing nothing', async () => {
      const before = await userCount();
      const cases = [
        { email: 'x1@example.com', password: 'long-enough-1', first_name: 'X', role: 'admin' },
        { email: 'x2@example.com', password: 'short', first_name: 'X' },
        { email: 'x3@example.com', password: 'long-enough-1' },
        { email: 'x4@example.com', password: 'long-enough-1', first_name: 'X', phone: 'call me' },
      ];
      for (const payload of cases) {
        const res = await post('/auth/register/', payload);
        expect(res.statusCode).toBe(400);
        expectErrorShape(res.json());
      }
      expect(await userCount()).toBe(before);
    });

    it('refuses common and trivially guessable passwords, saying why at the field, on sign-up and when an admin sets one', async () => {
      const before = await userCount();
      for (const password of ['        ', '12345678', 'password', 'qwertyuiop', 'sita.sharma@example.com', 'SitaSharma', 'demo1234']) {
        const res = await post('/auth/register/', { email: 'sita.sharma@example.com', password, first_name: 'Sita', last_name: 'Sharma' });
        expect(res.statusCode, password).toBe(400);
        expect(res.json().fields.password.join(' '), password).toMatch(/^Choose a password that is harder to guess\./);
      }
      expect(await userCount()).toBe(before);
      expect(
        (await post('/auth/register/', { email: 'sita.sharma@example.com', password: 'monsoon-yak-47', first_name: 'Sita' })).statusCode,
      ).toBe(202);

      const admin = await signedIn(t.app, t.database.db, 'admin');
      const weak = await post('/auth/users/create/', { email: 'desk2@example.com', password: '12345678', role: 'admin' }, bearer(admin));
      expect(weak.statusCode).toBe(400);
      expect(weak.json().fields.password).toBeDefined();
    });

    it('refuses missing, forged, expired and malformed access tokens', async () => {
      const user = await createUser(t.database.db, 'student');
      const forged = await new SignJWT({ role: 'admin' })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(user.id))
        .setExpirationTime('1h')
        .sign(new TextEncoder().encode('not-the-secret'));
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Date.now() - 2 * 60 * 60 * 1000);
      const expired = await t.app.tokens.sign({ sub: user.id, role: 'student' });
      vi.useRealTimers();
      for (const headers of [
        {},
        { authorization: `Bearer ${forged}` },
        { authorization: `Bearer ${expired}` },
        { authorization: 'Bearer' },
        { authorization: 'Basic abc' },
      ]) {
        const res = await t.app.inject({ url: '/api/auth/me/', headers });
        expect(res.statusCode).toBe(401);
        expectErrorShape(res.json());
      }
    });
    it('refuses a token signed with our secret that never expires, lives longer than ours, or names no known role', async () => {
      const user = await createUser(t.database.db, 'student');
      const key = new TextEncoder().encode('test-secret-'.padEnd(40, 'x'));
      const signed = (role: string) => new SignJWT({ role }).setProtectedHeader({ alg: 'HS256' }).setSubject(String(user.id)).setIssuedAt();
      const ours = await t.app.tokens.sign({ sub: user.id, role: 'student' });
      expect((await t.app.inject({ url: '/api/auth/me/', headers: { authorization: `Bearer ${ours}` } })).statusCode).toBe(200);
      const tokens = [
        await signed('admin').sign(key),
        await signed('admin').setExpirationTime('30d').sign(key),
        await signed('superuser').setExpirationTime('5m').sign(key),
        await new SignJWT({ role: 'admin' })
          .setProtectedHeader({ alg: 'HS256' })
          .setSubject(String(user.id))
          .setExpirationTime('5m')
          .sign(key),
      ];
      for (const token of tokens) {
        const res = await t.app.inject({ url: '/api/auth/me/', headers: { authorization: `Bearer ${token}` } });
        expect(res.statusCode).toBe(401);
      }
    });
  });

  describe('admin user management', () => {
    it('is for admins only', async () => {
      const student = await signedIn(t.app, t.database.db, 'student');
      expect((await t.app.inject({ url: '/api/auth/users/' })).statusCode).toBe(401);
      expect((await t.app.inject({ url: '/api/auth/users/', headers: bearer(student) })).statusCode).toBe(403);
      expect((await post('/auth/users/create/', { email: 'z@example.com' }, bearer(student))).statusCode).toBe(403);
    });

    it('lists accounts paged and searchable, without password hashes', async () => {
      const admin = await signedIn(t.app, t.database.db, 'admin');
      await createUser(t.database.db, 'student', { first_name: 'Findable', last_name: 'Person' });
      const res = await t.app.inject({ url: '/api/auth/users/?search=findable', headers: bearer(admin) });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.count).toBe(1);
      expect(body.results[0]).toMatchObject({ first_name: 'Findable', role: 'student', active: true });
      expect(res.body).not.toContain('password');
      const paged = await t.app.inject({ url: '/api/auth/users/?page=1&page_size=1', headers: bearer(admin) });
      expect(paged.json().results).toHaveLength(1);
      expect(paged.json().next).toContain('page=2');
      expect(paged.json().previous).toBeNull();
      expect((await t.app.inject({ url: '/api/auth/users/?page=0', headers: bearer(admin) })).statusCode).toBe(400);
      expect((await t.app.inject({ url: '/api/auth/users/?page=abc', headers: bearer(admin) })).statusCode).toBe(400);
      expect((await t.app.inject({ url: '/api/auth/users/?search=%25_%27%22', headers: bearer(admin) })).json().count).toBe(0);
      const byEmail = (await t.app.inject({ url: '/api/auth/users/?ordering=email&page_size=1000', headers: bearer(admin) }))
        .json()
        .results.map((u: { email: string }) => u.email);
      expect(byEmail).toEqual([...byEmail].sort());
      expect((await t.app.inject({ url: '/api/auth/users/?ordering=password_hash', headers: bearer(admin) })).statusCode).toBe(400);
      expect(
        (await t.app.inject({ url: '/api/auth/users/?role=student', headers: bearer(admin) }))
          .json()
          .results.every((u: { role: string }) => u.role === 'student'),
      ).toBe(true);
      expect((await t.app.inject({ url: '/api/auth/users/?unknown=1', headers: bearer(admin) })).statusCode).toBe(400);
      const one = await t.app.inject({ url: `/api/auth/users/${body.results[0].id}/`, headers: bearer(admin) });
      expect(one.json()).toMatchObject({ first_name: 'Findable', last_name: 'Person' });
      expect(one.body).not.toContain('password');
      expect((await t.app.inject({ url: '/api/auth/users/999999/', headers: bearer(admin) })).statusCode).toBe(404);
    });

    it('creates accounts with an institution link that matches the role', async () => {
      const admin = await signedIn(t.app, t.database.db, 'admin');
      const consultancyId = await createConsultancy(t.database.db);
      const created = await post(
        '/auth/users/create/',
        { email: 'Agent@Example.com', password: 'long-enough-1', role: 'consultancy', first_name: 'Agent', consultancy_id: consultancyId },
        bearer(admin),
      );
      expect(created.statusCode).toBe(201);
      expect(created.json()).toMatchObject({
        email: 'agent@example.com',
        role: 'consultancy',
        consultancy_id: consultancyId,
        college_id: null,
      });
      expect(created.body).not.toContain('password');
      const agent = await login(t.app, 'agent@example.com', 'long-enough-1');
      expect(agent.user).toMatchObject({ consultancy_id: consultancyId });
      const nameless = await post(
        '/auth/users/create/',
        { email: 'desk@example.com', password: 'long-enough-1', role: 'admin', consultancy_id: '' },
        bearer(admin),
      );
      expect(nameless.statusCode).toBe(201);
      expect(nameless.json()).toMatchObject({ first_name: '', consultancy_id: null });

      const before = await userCount();
      const bad = [
        [{ email: 'c1@example.com', password: 'long-enough-1', role: 'consultancy', first_name: 'C' }, 'consultancy_id'],
        [
          { email: 'c2@example.com', password: 'long-enough-1', role: 'student', first_name: 'C', consultancy_id: consultancyId },
          'consultancy_id',
        ],
        [{ email: 'c3@example.com', password: 'long-enough-1', role: 'college', first_name: 'C', college_id: 999999 }, 'college_id'],
        [{ email: 'c4@example.com', password: 'long-enough-1', role: 'superuser', first_name: 'C' }, 'role'],
      ] as const;
      for (const [payload, field] of bad) {
        const res = await post('/auth/users/create/', payload, bearer(admin));
        expect(res.statusCode).toBe(400);
        expect(res.json().fields[field]).toBeDefined();
      }
      expect(
        (
          await post(
            '/auth/users/create/',
            { email: 'agent@example.com', password: 'long-enough-1', role: 'student', first_name: 'D' },
            bearer(admin),
          )
        ).statusCode,
      ).toBe(409);
      expect(await userCount()).toBe(before);
    });

    it('updates names, role, link, active flag and password', async () => {
      const admin = await signedIn(t.app, t.database.db, 'admin');
      const target = await createUser(t.database.db, 'student');
      const session = await login(t.app, target.email);
      const put = (payload: unknown) =>
        t.app.inject({ method: 'PUT', url: `/api/auth/users/${target.id}/`, payload: payload as object, headers: bearer(admin) });

      const consultancyId = await createConsultancy(t.database.db);
      const promoted = await put({ first_name: 'Hari', role: 'consultancy', consultancy_id: consultancyId });
      expect(promoted.statusCode).toBe(200);
      expect(promoted.json()).toMatchObject({ first_name: 'Hari', role: 'consultancy', consultancy_id: consultancyId });
      const demoted = await put({ role: 'student' });
      expect(demoted.json()).toMatchObject({ role: 'student', consultancy_id: null });
      expect((await put({ role: 'university' })).statusCode).toBe(400);

      expect((await put({ password: 'brand-new-pass' })).statusCode).toBe(200);
      expect((await post('/auth/refresh/', { refresh: session.refresh })).statusCode).toBe(401);
      expect((await post('/auth/login/', { email: target.email, password: PASSWORD })).statusCode).toBe(401);
      const renewed = await login(t.app, target.email, 'brand-new-pass');

      expect((await put({ active: false })).json().active).toBe(false);
      expect((await t.app.inject({ url: '/api/auth/me/', headers: bearer(renewed) })).statusCode).toBe(401);

      expect((await put({ unknown: 1 })).statusCode).toBe(400);
      expect(
        (await t.app.inject({ method: 'PUT', url: '/api/auth/users/999999/', payload: { first_name: 'X' }, headers: bearer(admin) }))
          .statusCode,
      ).toBe(404);
      expect(
        (await t.app.inject({ method: 'PUT', url: '/api/auth/users/abc/', payload: { first_name: 'X' }, headers: bearer(admin) }))
          .statusCode,
      ).toBe(400);
    });

    it('keeps at least one active admin', async () => {
      await t.database.db.update(users).set({ active: false }).where(eq(users.role, 'admin'));
      const admin = await signedIn(t.app, t.database.db, 'admin');
      const put = (id: number, payload: unknown) =>
        t.app.inject({ method: 'PUT', url: `/api/auth/users/${id}/`, payload: payload as object, headers: bearer(admin) });
      for (const payload of [{ role: 'student' }, { active: false }]) {
        const res = await put(admin.user.id, payload);
        expect(res.statusCode).toBe(409);
        expectErrorShape(res.json());
      }
      const second = await signedIn(t.app, t.database.db, 'admin');
      const demoteEachOther = await Promise.all([
        put(second.user.id, { active: false }),
        t.app.inject({ method: 'PUT', url: `/api/auth/users/${admin.user.id}/`, payload: { active: false }, headers: bearer(second) }),
      ]);
      // the loser is refused as the last admin, or as already deactivated when the winner finished first
      const [first, later] = demoteEachOther.map((r) => r.statusCode).sort();
      expect(first).toBe(200);
      expect([401, 409]).toContain(later);
      const [stillActive] = await t.database.db
        .select({ n: count() })
        .from(users)
        .where(and(eq(users.role, 'admin'), eq(users.active, true)));
      expect(stillActive!.n).toBe(1);
      await t.database.db.update(users).set({ active: true }).where(eq(users.id, second.user.id));
      await t.database.db.update(users).set({ active: true }).where(eq(users.id, admin.user.id));
      // deactivation ended the loser's login, so the first admin signs in afresh
      const renewed = await login(t.app, admin.user.email);
      expect(
        (
          await t.app.inject({
            method: 'PUT',
            url: `/api/auth/users/${admin.user.id}/`,
            payload: { role: 'student' },
            headers: bearer(renewed),
          })
        ).statusCode,
      ).toBe(200);
      expect((await t.app.inject({ url: '/api/auth/users/', headers: bearer(renewed) })).statusCode).toBe(403);
      const [row] = await t.database.db.select({ role: users.role }).from(users).where(eq(users.id, second.user.id));
      expect(row!.role).toBe('admin');
    });
  });
});
