import type { z } from 'zod';
import type { applicantDocumentRequests, applicationDocumentRequests, documentChecklist, documentRequest } from '../contract/records.ts';
import { call, json } from './client.ts';

/** The calls of document requests (issue 26): the student's by tracking code, the consultancy's and admins' by application. */

export type DocumentRequest = z.infer<typeof documentRequest>;
export type StaffDocuments = z.infer<typeof applicationDocumentRequests>;
export type ApplicantDocuments = z.infer<typeof applicantDocumentRequests>;
export type Checklist = z.infer<typeof documentChecklist>;

const byCode = (code: string) => `consultancy-application/documents/${encodeURIComponent(code.trim())}`;
const byApplication = (id: number) => `consultancy-application/${id}/document-requests`;

export const applicantDocuments = (code: string) => call('Failed to fetch documents', json<ApplicantDocuments>(`${byCode(code)}/`));

/** Uploads files (PDF or images) against one request. */
export const uploadDocument = (code: string, requestId: number, files: File[]) => {
  const body = new FormData();
  for (const file of files) body.append('files', file);
  return call('Failed to upload the document', json<ApplicantDocuments>(`${byCode(code)}/${requestId}/upload/`, { method: 'post', body }));
};

export const staffDocuments = (applicationId: number) =>
  call('Failed to fetch document requests', json<StaffDocuments>(`${byApplication(applicationId)}/`));

export const requestDocument = (applicationId: number, body: { name: string; note: string; due_on: string }) =>
  call('Failed to request the document', json<StaffDocuments>(`${byApplication(applicationId)}/`, { method: 'post', json: body }));

export const requestFromChecklist = (applicationId: number, body: { items: string[]; note: string; due_on: string }) =>
  call(
    'Failed to request the documents',
    json<StaffDocuments>(`${byApplication(applicationId)}/from-checklist/`, { method: 'post', json: body }),
  );

export const reviewDocument = (applicationId: number, requestId: number, body: { decision: 'accepted' | 'rejected'; reason: string }) =>
  call(
    'Failed to save the decision',
    json<StaffDocuments>(`${byApplication(applicationId)}/${requestId}/review/`, { method: 'post', json: body }),
  );

export const saveChecklist = (destinationId: number, items: string[]) =>
  call(
    'Failed to save the checklist',
    json<Checklist>(`consultancy/dashboard/checklists/${destinationId}/`, { method: 'put', json: { items } }),
  );
