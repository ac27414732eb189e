import { listDisputedDecisions, listFlaggedPayments } from '../api/cases.ts';
import type { FlaggedPayment } from '../contract/cases.ts';
import type { DisputedDecision } from '../contract/records.ts';
import { createPagedStore, type PagedStore } from './adminDashboard.ts';

/** The admins' flagged payments (issue 26: receipts are required), oldest first, filtered by flag. */
export const flaggedPayments = (): PagedStore<FlaggedPayment> => createPagedStore(listFlaggedPayments);

export const PAYMENT_FLAGS = { no_receipt: 'Without a receipt', disputed: 'Disputed by the student' } as const;

/** The admins' disputed decisions: what a student says the consultancy claimed wrongly, longest waiting first. */
export const disputedDecisions = (): PagedStore<DisputedDecision> => createPagedStore((page) => listDisputedDecisions(page));
