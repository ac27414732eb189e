import type { CaseMessage, CasePayments, FlaggedPayment } from '../contract/cases.ts';
import type { DisputedDecision } from '../contract/records.ts';
import { call, json, type Page } from './client.ts';

/** An application's case (issue 26): its thread and payments, by tracking code (the student) or by id (the consultancy, admins). */

export type Side = { code: string } | { id: number };
const base = (side: Side) =>
  'code' in side ? `consultancy-application/case/${encodeURIComponent(side.code.trim())}` : `consultancy-application/${side.id}`;

export const loadMessages = (side: Side) => call('Failed to load messages', json<{ results: CaseMessage[] }>(`${base(side)}/messages/`));

/** A message with its attachments, as multipart (body, attachments). */
export const sendMessage = (side: Side, form: FormData) =>
  call('Failed to send message', json<{ results: CaseMessage[] }>(`${base(side)}/messages/`, { method: 'post', body: form }));

export const loadPayments = (side: Side) => call('Failed to load payments', json<CasePayments>(`${base(side)}/payments/`));

export const confirmPayment = (code: string, payment: number) =>
  call('Failed to confirm payment', json<CasePayments>(`${base({ code })}/payments/${payment}/confirm/`, { method: 'post' }));

export const disputePayment = (code: string, payment: number, reason: string) =>
  call(
    'Failed to dispute payment',
    json<CasePayments>(`${base({ code })}/payments/${payment}/dispute/`, { method: 'post', json: { reason } }),
  );

export const recordPayment = (id: number, body: { purpose: string; amount_npr: number; receipt_number: string; paid_on: string }) =>
  call('Failed to record payment', json<CasePayments>(`${base({ id })}/payments/`, { method: 'post', json: body }));

export const uploadAgreement = (id: number, form: FormData) =>
  call('Failed to upload agreement', json<CasePayments>(`${base({ id })}/agreement/`, { method: 'put', body: form }));

/** For admins: payments recorded without a receipt (`no_receipt`), disputed by the student (`disputed`), or both (no flag). */
export const listFlaggedPayments = (page: number, flag: string) =>
  call(
    'Failed to fetch flagged payments',
    json<Page<FlaggedPayment>>('payments/admin/flagged/', { searchParams: { page, ...(flag ? { flag } : {}) } }),
  );
/** For admins: the offers and visa decisions students said are not right, longest waiting first. */
export const listDisputedDecisions = (page: number) =>
  call(
    'Failed to fetch disputed decisions',
    json<Page<DisputedDecision>>('consultancy-application/admin/disputed-decisions/', { searchParams: { page } }),
  );
