import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { DEFAULT_CHECKLIST, DOCUMENT_STATE_LABELS, mayReview, mayUpload, type DocumentState } from '../../src/lib/contract/documents.ts';
import type { checklist, checklistRequest, documentRequest, documentReview } from '../../src/lib/contract/bodies/documents.ts';
import { dayInNepal } from '../../src/lib/format.ts';
import { applicationOfCode } from '../access/codes.ts';
import { mayHandleApplication, ownConsultancy } from '../access/institutions.ts';
import type { Db } from '../db/index.ts';
import { applicationDocuments, consultancyApplications, destinations, documentChecklists, documentRequests } from '../db/schema/index.ts';
import { badRequest, conflict, notFound } from '../errors.ts';
import type { SessionUser } from '../plugins/auth.ts';
import { withStoredFiles, type FormData } from '../uploads.ts';
import { documentReceived, documentRejected, documentsRequested } from './document-notices.ts';

/** The file field of an upload against a request: PDF or images, several at once. */
export const uploadRules = { files: { kind: 'document', multiple: true } } as const;

/** Files one request may hold, re-uploads included: enough for a passport's pages, not a dumping ground. */
export const MAX_FILES_PER_REQUEST = 10;

type Request = z.infer<typeof documentRequest>;

/** The application, when the caller works on it (an admin, or the consultancy it was sent to); to anyone else it does not exist. */
async function handledApplication(db: Db, user: SessionUser, applicationId: number) {
  const [row] = await db
    .select({
      id: consultancyApplications.id,
      consultancy_id: consultancyApplications.consultancy_id,
      destination_id: consultancyApplications.destination_id,
    })
    .from(consultancyApplications)
    .where(eq(consultancyApplications.id, applicationId));
  if (!row || !mayHandleApplication(user, row.consultancy_id)) throw notFound('Application not found.');
  return row;
}

/** A consultancy's checklist for a destination: its own, else the defaults. */
async function checklistItems(db: Db, consultancyId: number, destinationId: number | null): Promise<string[]> {
  if (!destinationId) return [...DEFAULT_CHECKLIST];
  const [row] = await db
    .select({ items: documentChecklists.items })
    .from(documentChecklists)
    .where(and(eq(documentChecklists.consultancy_id, consultancyId), eq(documentChecklists.destination_id, destinationId)));
  return row ? row.items : [...DEFAULT_CHECKLIST];
}

/** An application's requests, each with its files; `fileUrl` says where the reader downloads one. */
async function requestsOf(db: Db, applicationId: number, fileUrl: (requestId: number, fileId: number) => string) {
  const requests = await db
    .select({
      id: documentRequests.id,
      name: documentRequests.name,
      note: documentRequests.note,
      due_on: documentRequests.due_on,
      state: documentRequests.state,
      rejection_reason: documentRequests.rejection_reason,
      reviewed_at: documentRequests.reviewed_at,
      created_at: documentRequests.created_at,
    })
    .from(documentRequests)
    .where(eq(documentRequests.application_id, applicationId))
    .orderBy(asc(documentRequests.due_on), asc(documentRequests.id));
  const files = requests.length
    ? await db
        .select({
          id: applicationDocuments.id,
          request_id: applicationDocuments.request_id,
          original_name: applicationDocuments.original_name,
          size: applicationDocuments.size,
          created_at: applicationDocuments.created_at,
        })
        .from(applicationDocuments)
        .where(
          inArray(
            applicationDocuments.request_id,
            requests.map((r) => r.id),
          ),
        )
        .orderBy(asc(applicationDocuments.id))
    : [];
  return requests.map((r) => ({
    ...r,
    state_label: DOCUMENT_STATE_LABELS[r.state as DocumentState],
    files: files.filter((f) => f.request_id === r.id).map(({ request_id: _r, ...f }) => ({ ...f, url: fileUrl(r.id, f.id) })),
  }));
}

/** Where the consultancy and admins download a file: the route of every application document. */
const staffFileUrl = (applicationId: number) => (_request: number, fileId: number) =>
  `/api/consultancy-application/${applicationId}/documents/${fileId}/`;
/** Where the holder of the code downloads a file: by the code, no account. */
const applicantFileUrl = (code: string) => (requestId: number, fileId: number) =>
  `/api/consultancy-application/documents/${encodeURIComponent(code)}/${requestId}/files/${fileId}/`;

/** The requests of an application as the consultancy and admins see them, with the checklist offered for its destination. */
export async function requestsForStaff(db: Db, user: SessionUser, applicationId: number) {
  const a = await handledApplication(db, user, applicationId);
  return {
    application_id: a.id,
    destination_id: a.destination_id,
    checklist: await checklistItems(db, a.consultancy_id, a.destination_id),
    requests: await requestsOf(db, a.id, staffFileUrl(a.id)),
  };
}

/** The requests of the application a tracking code names, for the student who holds it. */
export async function requestsForApplicant(db: Db, code: string) {
  const a = await applicationOfCode(db, code);
  return { requests: await requestsOf(db, a.id, applicantFileUrl(a.tracking_code)) };
}

/** Requests several documents at once, mailing the student one message naming them. */
async function createRequests(app: FastifyInstance, user: SessionUser, applicationId: number, requests: Request[]) {
  const a = await handledApplication(app.db, user, applicationId);
  if (requests.some((r) => r.due_on < dayInNepal())) throw badRequest('The due date has passed.', { due_on: ['Must be today or later'] });
  await app.db.transaction(async (tx) => {
    const rows = await tx
      .insert(documentRequests)
      .values(requests.map((r) => ({ ...r, application_id: a.id, requested_by: user.id })))
      .returning({ id: documentRequests.id });
    await tx
      .update(consultancyApplications)
      .set({ updated_at: sql`now()` })
      .where(eq(consultancyApplications.id, a.id));
    await documentsRequested(
      tx,
      app.config,
      a.id,
      rows.map((r) => r.id),
    );
  });
  app.outbox.kick();
  return requestsForStaff(app.db, user, a.id);
}

export const requestDocument = (app: FastifyInstance, user: SessionUser, applicationId: number, body: Request) =>
  createRequests(app, user, applicationId, [body]);

/** Requests the chosen items of the checklist for the application's destination, with one due date. */
export async function requestFromChecklist(
  app: FastifyInstance,
  user: SessionUser,
  applicationId: number,
  body: z.infer<typeof checklistRequest>,
) {
  const a = await handledApplication(app.db, user, applicationId);
  const offered = await checklistItems(app.db, a.consultancy_id, a.destination_id);
  const unknown = body.items.filter((item) => !offered.includes(item));
  if (unknown.length) throw badRequest('Choose items of the checklist.', { items: [`Not on the checklist: ${unknown.join(', ')}`] });
  const items = [...new Set(body.items)];
  return createRequests(
    app,
    user,
    applicationId,
    items.map((name) => ({ name, note: body.note, due_on: body.due_on })),
  );
}

/** The consultancy accepts what it received, or rejects it with a reason the student reads (and is mailed). */
export async function reviewDocument(
  app: FastifyInstance,
  user: SessionUser,
  applicationId: number,
  requestId: number,
  body: z.infer<typeof documentReview>,
) {
  const a = await handledApplication(app.db, user, applicationId);
  await app.db.transaction(async (tx) => {
    const [request] = await tx
      .select({ name: documentRequests.name, state: documentRequests.state })
      .from(documentRequests)
      .where(and(eq(documentRequests.id, requestId), eq(documentRequests.application_id, a.id)))
      .for('update');
    if (!request) throw notFound('Document request not found.');
    if (!mayReview(request.state))
      throw conflict(`This document is "${DOCUMENT_STATE_LABELS[request.state as DocumentState]}": only a received one can be decided on.`);
    const reason = body.decision === 'rejected' ? body.reason : '';
    await tx
      .update(documentRequests)
      .set({ state: body.decision, rejection_reason: reason, reviewed_at: sql`now()`, updated_at: sql`now()` })
      .where(eq(documentRequests.id, requestId));
    if (body.decision === 'rejected') await documentRejected(tx, app.config, a.id, { name: request.name, reason });
  });
  app.outbox.kick();
  return requestsForStaff(app.db, user, a.id);
}

/** The student uploads files against a request by the tracking code: it becomes received (again, after a rejection). */
export async function uploadDocument(app: FastifyInstance, code: string, requestId: number, form: FormData) {
  const a = await applicationOfCode(app.db, code);
  if (!form.files.length) throw badRequest('Choose a file to upload.', { files: ['Choose a PDF or an image'] });
  await withStoredFiles(app.db, app.privateStorage, form.files, (stored) =>
    app.db.transaction(async (tx) => {
      const [request] = await tx
        .select({ name: documentRequests.name, state: documentRequests.state })
        .from(documentRequests)
        .where(and(eq(documentRequests.id, requestId), eq(documentRequests.application_id, a.id)))
        .for('update');
      if (!request) throw notFound('Document request not found.');
      if (!mayUpload(request.state)) throw conflict('This document was accepted already.');
      const [held] = await tx.select({ n: count() }).from(applicationDocuments).where(eq(applicationDocuments.request_id, requestId));
      if (held!.n + stored.stored.length > MAX_FILES_PER_REQUEST)
        throw conflict(`A document holds at most ${MAX_FILES_PER_REQUEST} files.`);
      await tx.insert(applicationDocuments).values(
        stored.stored.map((s) => ({
          application_id: a.id,
          request_id: requestId,
          storage_key: s.ref,
          original_name: s.file.originalName.slice(0, 255),
          mime: s.file.mime,
          size: s.file.data.length,
        })),
      );
      await tx
        .update(documentRequests)
        .set({ state: 'received', updated_at: sql`now()` })
        .where(eq(documentRequests.id, requestId));
      await documentReceived(tx, app.config, a.id, request.name);
    }),
  );
  app.outbox.kick();
  return requestsForApplicant(app.db, a.tracking_code);
}

/** A file of a request, for the holder of the application's code. */
export async function applicantFile(db: Db, code: string, requestId: number, fileId: number) {
  const a = await applicationOfCode(db, code);
  const [file] = await db
    .select({ key: applicationDocuments.storage_key, name: applicationDocuments.original_name })
    .from(applicationDocuments)
    .where(
      and(
        eq(applicationDocuments.id, fileId),
        eq(applicationDocuments.request_id, requestId),
        eq(applicationDocuments.application_id, a.id),
      ),
    );
  if (!file) throw notFound('Document not found.');
  return file;
}

async function requireDestination(db: Db, destinationId: number) {
  const [row] = await db.select({ id: destinations.id }).from(destinations).where(eq(destinations.id, destinationId));
  if (!row) throw notFound('Destination not found.');
}

/** The caller's consultancy's checklist for a destination (the defaults until it saves its own). */
export async function ownChecklist(db: Db, user: SessionUser, destinationId: number) {
  await requireDestination(db, destinationId);
  return { destination_id: destinationId, items: await checklistItems(db, ownConsultancy(user), destinationId) };
}

/** Saves the caller's consultancy's checklist for a destination; an empty list brings the defaults back. */
export async function saveChecklist(db: Db, user: SessionUser, destinationId: number, body: z.infer<typeof checklist>) {
  const consultancyId = ownConsultancy(user);
  await requireDestination(db, destinationId);
  const items = [...new Set(body.items)];
  if (!items.length) {
    await db
      .delete(documentChecklists)
      .where(and(eq(documentChecklists.consultancy_id, consultancyId), eq(documentChecklists.destination_id, destinationId)));
  } else {
    await db
      .insert(documentChecklists)
      .values({ consultancy_id: consultancyId, destination_id: destinationId, items })
      .onConflictDoUpdate({
        target: [documentChecklists.consultancy_id, documentChecklists.destination_id],
        set: { items, updated_at: sql`now()` },
      });
  }
  return ownChecklist(db, user, destinationId);
}
