/** An error whose message is safe to show: the one error handler answers {error, fields?} with its status. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly fields?: Record<string, string[]>,
    /** more of the answer beside error and fields (what a refused delete is used by) */
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, fields?: Record<string, string[]>) => new HttpError(400, message, fields);
export const unauthorized = (message = 'Authentication credentials were not provided or have expired.') => new HttpError(401, message);
export const forbidden = (message = 'You do not have permission to perform this action.') => new HttpError(403, message);
export const notFound = (message = 'Not found.') => new HttpError(404, message);
export const conflict = (message: string, details?: Record<string, unknown>) => new HttpError(409, message, undefined, details);
