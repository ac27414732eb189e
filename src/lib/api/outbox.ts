import type { OutboxStatus } from '../contract/outbox.ts';
import { call, json, type Page } from './client.ts';

/** The admins' Outbox calls (server/routes/outbox.ts). */

export interface OutboxMessage {
  id: number;
  key: string;
  to: string;
  subject: string;
  status: OutboxStatus;
  attempts: number;
  next_attempt_at: string;
  last_error: string;
  sent_at: string | null;
  created_at: string;
}

export type OutboxMessageFull = OutboxMessage & { text: string; html: string };

export const listOutbox = (page: number, status: string) =>
  call('Failed to fetch messages', json<Page<OutboxMessage>>('outbox/admin/', { searchParams: { page, ...(status ? { status } : {}) } }));

export const getOutboxMessage = (id: number) => call('Failed to fetch the message', json<OutboxMessageFull>(`outbox/admin/${id}/`));

export const retryOutboxMessage = (id: number) =>
  call('Failed to retry the message', json<OutboxMessageFull>(`outbox/admin/${id}/retry/`, { method: 'post' }));
