import { and, asc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/index.ts';
import { applicationMessageFiles, applicationMessages, consultancies, users } from '../db/schema/index.ts';
import { badRequest, notFound } from '../errors.ts';
import type { SessionUser } from '../plugins/auth.ts';
import { sanitizePlainText } from '../sanitize.ts';
import { withStoredFiles, type FormData } from '../uploads.ts';
import { MAX_MESSAGE_ATTACHMENTS, messageBody, type CaseMessage, type MessageAuthor } from '../../src/lib/contract/cases.ts';
import type { CaseApplication } from '../access/cases.ts';
import { maskName } from './mask.ts';
import * as caseNotices from './case-notices.ts';

/** The file fields of a message: its attachments, PDF or images, checked like application documents. */
export const attachmentRules = { attachments: { kind: 'document', multiple: true } } as const;

/**
 * Who reads the thread, which decides the download routes and how the student is named: on the
 * tracking page (whoever holds the code) the student's name is masked, as all of their details there.
 */
export type Reader = { side: 'applicant'; code: string } | { side: 'staff' };

const fileUrl = (application: CaseApplication, reader: Reader, fileId: number) =>
  reader.side === 'applicant'
    ? `/api/consultancy-application/case/${encodeURIComponent(reader.code)}/messages/files/${fileId}/`
    : `/api/consultancy-application/${application.id}/messages/files/${fileId}/`;

/** The staff member's own name, or the consultancy's when the account has none (or is gone). */
const staffName = (first: string | null, last: string | null, consultancy: string) => `${first ?? ''} ${last ?? ''}`.trim() || consultancy;

/** The application's thread, oldest first, each message with its author's name and its attachments' download routes. */
export async function listMessages(db: Db, application: CaseApplication, reader: Reader): Promise<{ results: CaseMessage[] }> {
  const m = applicationMessages;
  const [consultancy] = await db
    .select({ name: consultancies.name })
    .from(consultancies)
    .where(eq(consultancies.id, application.consultancy_id));
  const rows = await db
    .select({ id: m.id, author: m.author, body: m.body, created_at: m.created_at, first: users.first_name, last: users.last_name })
    .from(m)
    .leftJoin(users, eq(users.id, m.author_id))
    .where(eq(m.application_id, application.id))
    .orderBy(asc(m.created_at), asc(m.id));
  const files = rows.length
    ? await db
        .select({
          id: applicationMessageFiles.id,
          message_id: applicationMessageFiles.message_id,
          original_name: applicationMessageFiles.original_name,
          mime: applicationMessageFiles.mime,
          size: applicationMessageFiles.size,
        })
        .from(applicationMessageFiles)
        .where(
          inArray(
            applicationMessageFiles.message_id,
            rows.map((r) => r.id),
          ),
        )
        .orderBy(asc(applicationMessageFiles.id))
    : [];
  const student = reader.side === 'applicant' ? maskName(application.full_name) : application.full_name;
  return {
    results: rows.map(({ first, last, ...r }) => ({
      ...r,
      author: r.author as MessageAuthor,
      author_name: r.author === 'applicant' ? student : staffName(first, last, consultancy?.name ?? 'The consultancy'),
      attachments: files
        .filter((f) => f.message_id === r.id)
        .map(({ message_id: _m, ...f }) => ({ ...f, url: fileUrl(application, reader, f.id) })),
    })),
  };
}

/** A new message with its attachments, and its notice to the other side, in one transaction. */
export async function postMessage(
  app: FastifyInstance,
  application: CaseApplication,
  by: { side: 'applicant' } | { side: 'consultancy'; user: SessionUser },
  form: FormData,
) {
  const body = sanitizePlainText(messageBody.parse(form.fields).body);
  if (!body) throw badRequest('Some values are not valid.', { body: ['This field is required'] });
  if (form.files.length > MAX_MESSAGE_ATTACHMENTS)
    throw badRequest('Some values are not valid.', { attachments: [`At most ${MAX_MESSAGE_ATTACHMENTS} files per message`] });
  const author = by.side === 'applicant' ? 'applicant' : 'consultancy';
  await withStoredFiles(app.db, app.privateStorage, form.files, (files) =>
    app.db.transaction(async (tx) => {
      const [message] = await tx
        .insert(applicationMessages)
        .values({ application_id: application.id, author, author_id: by.side === 'consultancy' ? by.user.id : null, body })
        .returning({ id: applicationMessages.id });
      if (files.stored.length)
        await tx.insert(applicationMessageFiles).values(
          files.stored.map((s) => ({
            message_id: message!.id,
            storage_key: s.ref,
            original_name: s.file.originalName.slice(0, 255),
            mime: s.file.mime,
            size: s.file.data.length,
          })),
        );
      await caseNotices.messagePosted(tx, app.config, application.id, message!.id, author);
    }),
  );
  app.outbox.kick();
}

/** An attachment of this application's thread; of another application it does not exist. */
export async function messageFile(db: Db, applicationId: number, fileId: number) {
  const [file] = await db
    .select({ key: applicationMessageFiles.storage_key, name: applicationMessageFiles.original_name })
    .from(applicationMessageFiles)
    .innerJoin(applicationMessages, eq(applicationMessages.id, applicationMessageFiles.message_id))
    .where(and(eq(applicationMessageFiles.id, fileId), eq(applicationMessages.application_id, applicationId)));
  if (!file) throw notFound('File not found.');
  return file;
}
