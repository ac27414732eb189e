import { listErasures, type Erasure } from '../api/erasures.ts';
import { createPagedStore, type PagedStore } from './adminDashboard.ts';

/** The erasures screen's list, page by page. */
export const erasureList = (): PagedStore<Erasure> => createPagedStore((page) => listErasures(page));
