import os from 'node:os';

/**
 * One format per run for everything the server prints, never two mixed: JSON lines in production
 * (what a log collector parses; the same shape as Fastify's pino lines) and plain lines in
 * development (what a person reads in the terminal), for the start-up lines as for the request log.
 */
const INFO = 30;
const LABELS: Record<number, string> = { 40: 'warning: ', 50: 'error: ', 60: 'fatal: ' };

interface Entry {
  level?: number;
  msg?: string;
  err?: { message?: string; stack?: string };
}

/** A pino entry as a plain line: the message, the error's message, and its stack when it is an error. */
export function plainLine(entry: Entry): string {
  const level = entry.level ?? INFO;
  const err = entry.err;
  const detail = err ? (level >= 50 && err.stack ? `\n${err.stack}` : `: ${err.message ?? ''}`) : '';
  return `${LABELS[level] ?? ''}${entry.msg ?? ''}${detail}\n`;
}

/** A start-up line (a log line at info level) in the run's format. */
export function lineLog(production: boolean, out: (text: string) => void = (text) => process.stdout.write(text)) {
  return (line: string) =>
    out(
      production
        ? `${JSON.stringify({ level: INFO, time: Date.now(), pid: process.pid, hostname: os.hostname(), msg: line })}\n`
        : `${line}\n`,
    );
}

/** Fastify's logger: pino's JSON lines in production, the same entries as plain lines otherwise. */
export function loggerOptions(
  config: { production: boolean; logLevel: string },
  out: (text: string) => void = (text) => process.stdout.write(text),
) {
  if (config.production) return { level: config.logLevel };
  return {
    level: config.logLevel,
    stream: {
      write(chunk: string) {
        try {
          out(plainLine(JSON.parse(chunk) as Entry));
        } catch {
          out(chunk);
        }
      },
    },
  };
}
