import { z } from 'zod';

/** Whether the account gets mail 30, 7 and 1 days before each saved row's next date (/shortlist/). */
export const deadlineRemindersSetting = z.strictObject({ on: z.boolean({ error: 'on must be true or false' }) });
export type DeadlineRemindersSetting = z.infer<typeof deadlineRemindersSetting>;

/** An unsubscribe link's query: the signed token naming the account. */
export const unsubscribeQuery = z.object({ token: z.string().min(1, 'A token is needed').max(200) });
