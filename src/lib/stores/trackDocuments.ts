import { map } from 'nanostores';
import { applicantDocuments, uploadDocument, type DocumentRequest } from '../api/documents.ts';
import { failure, type Failure } from './submit.ts';

export interface TrackDocumentsState {
  requests: DocumentRequest[] | null;
  /** the request whose upload is under way */
  uploading: number | null;
  /** the request just uploaded, to say so beside it */
  uploaded: number | null;
  error: Failure | null;
  /** the request the error belongs to (null: the list itself) */
  errorIn: number | null;
}

/** The tracking page's requested documents: read by code, upload against one request. */
export function createTrackDocumentsStore() {
  const $docs = map<TrackDocumentsState>({ requests: null, uploading: null, uploaded: null, error: null, errorIn: null });
  return {
    $docs,
    async load(code: string) {
      try {
        $docs.set({ ...$docs.get(), requests: (await applicantDocuments(code)).requests, error: null, errorIn: null });
      } catch (err) {
        $docs.set({ ...$docs.get(), requests: null, error: failure('Failed to fetch documents', err), errorIn: null });
      }
    },
    async upload(code: string, requestId: number, files: File[]): Promise<boolean> {
      if (!files.length) return false;
      $docs.set({ ...$docs.get(), uploading: requestId, uploaded: null, error: null, errorIn: null });
      try {
        const { requests } = await uploadDocument(code, requestId, files);
        $docs.set({ ...$docs.get(), requests, uploading: null, uploaded: requestId });
        return true;
      } catch (err) {
        $docs.set({ ...$docs.get(), uploading: null, error: failure('Failed to upload the document', err), errorIn: requestId });
        return false;
      }
    },
  };
}
export type TrackDocumentsStore = ReturnType<typeof createTrackDocumentsStore>;
