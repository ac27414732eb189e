// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';

const replies: unknown[] = [];
vi.mock('../../src/lib/api/settings.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/lib/api/settings.ts')>()),
  getSiteStatus: vi.fn(async () => replies.shift() ?? { runner: true, content_version: 7, live_version: 7 }),
}));

import { $flash } from '../../src/lib/stores/adminFlash.ts';
import { createFormStore } from '../../src/lib/stores/adminForm.ts';
import { followToLive, LIVE_TEXT, type LivePhase } from '../../src/lib/stores/siteLive.ts';

afterEach(() => {
  replies.length = 0;
});

const follow = async (options = {}, isCurrent = () => true) => {
  const phases: LivePhase[] = [];
  // far more time than three polls take even on a busy machine: only the 'slow' case gives up early
  await followToLive((p) => phases.push(p), isCurrent, { intervalMs: 1, giveUpMs: 10_000, ...options });
  return phases;
};

describe('after a content save, the console follows the public site until the change is live', () => {
  it('waits while the site builds, then says it is live', async () => {
    replies.push(
      { runner: true, content_version: 7, live_version: 6, building: true },
      { runner: true, content_version: 8, live_version: 6, building: true },
      { runner: true, content_version: 8, live_version: 8, building: false },
    );
    expect(await follow()).toEqual(['waiting', 'waiting', 'live']);
  });

  it('says nothing when no rebuild runner serves the site (the API alone)', async () => {
    replies.push({ runner: false, content_version: 7 });
    expect(await follow()).toEqual([]);
  });

  it('says the site is slow when the change is not live in time', async () => {
    for (let i = 0; i < 500; i++) replies.push({ runner: true, content_version: 9, live_version: 8, building: true });
    expect((await follow({ giveUpMs: 20 })).at(-1)).toBe('slow');
  });

  it('stops following when a newer save took over', async () => {
    replies.push({ runner: true, content_version: 9, live_version: 8 });
    expect(await follow({}, () => false)).toEqual([]);
  });

  it('flashes the saved message of a form whose content is on the site, then its phase beside it', async () => {
    replies.push(
      { runner: true, content_version: 3, live_version: 2, building: true },
      { runner: true, content_version: 3, live_version: 3 },
    );
    const store = createFormStore({ fields: {}, save: async () => ({ id: 1 }), savedMessage: 'Destination saved.', followsSite: true });
    await store.submit({});
    expect($flash.get()?.text).toMatch(/^Destination saved\./);
    await vi.waitFor(() => expect($flash.get()?.text).toBe(`Destination saved. ${LIVE_TEXT.live}`), { timeout: 5000 });
    const quiet = createFormStore({ fields: {}, save: async () => ({ id: 1 }), savedMessage: 'Exam saved.' });
    await quiet.submit({});
    await new Promise((r) => setTimeout(r, 20));
    expect($flash.get()?.text).toBe('Exam saved.');
  });
});
