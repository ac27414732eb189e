import type { ShortlistItem } from '../contract/bodies/shortlist.ts';
import type { DeadlineRemindersSetting } from '../contract/bodies/deadline-reminders.ts';
import { call, json } from './client.ts';

/** The signed-in account's shortlist (the one client adds the session's token). */
type Reply = { items: ShortlistItem[] };

export const accountShortlist = () => call('Failed to fetch the shortlist', json<Reply>('auth/shortlist/'));
export const addToAccount = (items: ShortlistItem[]) =>
  call('Failed to save', json<Reply>('auth/shortlist/', { method: 'post', json: { items } }));
export const removeFromAccount = (item: ShortlistItem) =>
  call('Failed to remove', json<Reply>(`auth/shortlist/${item.entity}/${item.id}/`, { method: 'delete' }));

/** Whether the account gets the dates by mail 30, 7 and 1 days before (deadline reminders). */
export const remindersSetting = () =>
  call('Failed to read the reminder setting', json<DeadlineRemindersSetting>('auth/deadline-reminders/'));
export const setRemindersSetting = (on: boolean) =>
  call('Failed to change the reminders', json<DeadlineRemindersSetting>('auth/deadline-reminders/', { method: 'put', json: { on } }));
