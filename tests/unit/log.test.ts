import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { lineLog, loggerOptions, plainLine } from '../../server/log.ts';

// Two JSON lines landed in the middle of the plain start-up output: one format per run now.
describe('log format', () => {
  const capture = () => {
    const lines: string[] = [];
    return { lines, out: (text: string) => void lines.push(text) };
  };

  it('in production, start-up lines are JSON lines in the shape of the request log', () => {
    const { lines, out } = capture();
    lineLog(true, out)('Serving http://localhost:4321/');
    expect(lines).toHaveLength(1);
    expect(lines[0]!.endsWith('\n')).toBe(true);
    expect(JSON.parse(lines[0]!)).toMatchObject({ level: 30, msg: 'Serving http://localhost:4321/', pid: process.pid });
    expect(typeof JSON.parse(lines[0]!).time).toBe('number');
    expect(loggerOptions({ production: true, logLevel: 'info' })).toEqual({ level: 'info' });
  });

  it('in development, start-up lines and the server log are plain lines', () => {
    const { lines, out } = capture();
    lineLog(false, out)('Serving http://localhost:4321/');
    const logger = Fastify({ logger: loggerOptions({ production: false, logLevel: 'info' }, out) }).log;
    logger.info('Mail to a@b.c kept in the Outbox');
    logger.warn({ err: new Error('socket closed') }, 'a message could not be delivered');
    logger.error({ err: new Error('boom') }, 'the outbox worker could not read the outbox');
    expect(lines.slice(0, 3)).toEqual([
      'Serving http://localhost:4321/\n',
      'Mail to a@b.c kept in the Outbox\n',
      'warning: a message could not be delivered: socket closed\n',
    ]);
    expect(lines[3]).toMatch(/^error: the outbox worker could not read the outbox\nError: boom\n\s+at /);
    expect(lines.every((line) => !line.startsWith('{'))).toBe(true);
  });

  it('formats an entry without a message or level as an info line', () => {
    expect(plainLine({})).toBe('\n');
  });
});
