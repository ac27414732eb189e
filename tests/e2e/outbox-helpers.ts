import { adminToken, apiJson } from './site-helpers.ts';

/**
 * The text of the newest message to `to` with `subject`, read from the console's Outbox through the
 * API as an admin (the e2e server has no SMTP_URL: messages are kept there, as a newcomer's are).
 * Waits for the worker, at most timeoutMs.
 */
export async function outboxText(to: string, subject: string, timeoutMs = 15_000): Promise<string> {
  const auth = { authorization: `Bearer ${await adminToken()}` };
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const page = await apiJson<{ results: { id: number; to: string; subject: string; status: string }[] }>(
      `outbox/admin/?search=${encodeURIComponent(to)}`,
      { headers: auth },
    );
    const found = page.results.find((m) => m.to === to && m.subject === subject && m.status === 'kept');
    if (found) return (await apiJson<{ text: string }>(`outbox/admin/${found.id}/`, { headers: auth })).text;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no message "${subject}" to ${to} in the Outbox within ${timeoutMs} ms`);
}
