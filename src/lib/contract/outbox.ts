/** The outbox's message statuses and their labels, shared by the API's filter and the console. */
export const OUTBOX_STATUSES = ['pending', 'sent', 'kept', 'failed'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];
export const OUTBOX_STATUS_LABELS: Record<OutboxStatus, string> = {
  pending: 'Waiting to be sent',
  sent: 'Sent',
  kept: 'Kept here (no mail server)',
  failed: 'Failed',
};
