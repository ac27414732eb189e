import type { ShortlistItem } from '../contract/bodies/shortlist.ts';
import { call, json } from './client.ts';

/** The signed-in account's shortlist (the one client adds the session's token). */
type Reply = { items: ShortlistItem[] };

export const accountShortlist = () => call('Failed to fetch the shortlist', json<Reply>('auth/shortlist/'));
export const addToAccount = (items: ShortlistItem[]) =>
  call('Failed to save', json<Reply>('auth/shortlist/', { method: 'post', json: { items } }));
export const removeFromAccount = (item: ShortlistItem) =>
  call('Failed to remove', json<Reply>(`auth/shortlist/${item.entity}/${item.id}/`, { method: 'delete' }));
