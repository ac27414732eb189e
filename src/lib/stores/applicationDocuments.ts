import { map } from 'nanostores';
import {
  requestDocument,
  requestFromChecklist,
  reviewDocument,
  saveChecklist,
  staffDocuments,
  type StaffDocuments,
} from '../api/documents.ts';
import { downloadPrivateFile } from '../api/files.ts';
import { $session } from './session.ts';
import { isOwner } from './staff.ts';

export interface ApplicationDocumentsState {
  data: StaffDocuments | null;
  busy: boolean;
  error: string | null;
  /** what the last action did, said beside the panel */
  done: string | null;
}

const message = (e: unknown) => (e instanceof Error ? e.message : String(e));

/** One application's document requests in the console: request one or from the checklist, decide, download, edit the checklist. */
export function createApplicationDocumentsStore(applicationId: number) {
  const $state = map<ApplicationDocumentsState>({ data: null, busy: false, error: null, done: null });

  async function run(action: () => Promise<StaffDocuments | void>, done: string): Promise<boolean> {
    $state.set({ ...$state.get(), busy: true, error: null, done: null });
    try {
      const data = (await action()) ?? (await staffDocuments(applicationId));
      $state.set({ data, busy: false, error: null, done });
      return true;
    } catch (e) {
      $state.set({ ...$state.get(), busy: false, error: message(e) });
      return false;
    }
  }

  return {
    $state,
    load: () => run(() => staffDocuments(applicationId), ''),
    request: (name: string, note: string, due_on: string) =>
      run(() => requestDocument(applicationId, { name, note, due_on }), `${name} requested; the student was emailed.`),
    requestChecklist: (items: string[], note: string, due_on: string) =>
      run(
        () => requestFromChecklist(applicationId, { items, note, due_on }),
        `${items.length} documents requested; the student was emailed.`,
      ),
    accept: (requestId: number) =>
      run(() => reviewDocument(applicationId, requestId, { decision: 'accepted', reason: '' }), 'Document accepted.'),
    reject: (requestId: number, reason: string) =>
      run(
        () => reviewDocument(applicationId, requestId, { decision: 'rejected', reason }),
        'Document rejected; the student was emailed the reason.',
      ),
    /** Saves the checklist of the application's destination (one item a line; none: the defaults again). */
    saveChecklist: (items: string[]) => {
      const destination = $state.get().data?.destination_id;
      if (!destination) return Promise.resolve(false);
      return run(async () => void (await saveChecklist(destination, items)), 'Checklist saved for this destination.');
    },
    download: (url: string, name: string) =>
      downloadPrivateFile(url, name).catch((e: unknown) => $state.set({ ...$state.get(), error: message(e) })),
    /** Only a consultancy keeps checklists: an admin requests from the consultancy's. */
    // the checklist is the consultancy's template for every case: its owners edit it
    editsChecklist: () => isOwner($session.get().user) && Boolean($state.get().data?.destination_id),
  };
}
export type ApplicationDocumentsStore = ReturnType<typeof createApplicationDocumentsStore>;
