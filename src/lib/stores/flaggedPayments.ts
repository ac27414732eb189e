import { listFlaggedPayments } from '../api/cases.ts';
import type { FlaggedPayment } from '../contract/cases.ts';
import { createPagedStore, type PagedStore } from './adminDashboard.ts';

/** The admins' flagged payments (issue 26: receipts are required), oldest first, filtered by flag. */
export const flaggedPayments = (): PagedStore<FlaggedPayment> => createPagedStore(listFlaggedPayments);

export const PAYMENT_FLAGS = { no_receipt: 'Without a receipt', disputed: 'Disputed by the student' } as const;
