import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../errors.ts';

export interface LimitRule {
  max: number;
  /** window in ms or as text ('15 minutes') */
  window: number | string;
}

/**
 * A request limit as a hook (onRequest or preHandler), counted in the rate-limit plugin's store:
 * in memory, or in Redis when the app got a client, so every instance shares the counts.
 * `keyOf` returns the thing limited: the client address unless told otherwise.
 */
export function limit(app: FastifyInstance, name: string, rule: LimitRule, keyOf: (request: FastifyRequest) => string = (r) => r.ip) {
  const check = app.createRateLimit({ max: rule.max, timeWindow: rule.window, keyGenerator: (request) => `${name}:${keyOf(request)}` });
  const hook = async (request: FastifyRequest, reply: FastifyReply) => {
    const result = await check(request);
    if (result.isAllowed || !result.isExceeded) return;
    reply.header('retry-after', result.ttlInSeconds);
    throw new HttpError(429, `Too many requests. Please try again in ${result.ttlInSeconds} seconds.`);
  };
  return Object.assign(hook, { [RATE_LIMIT]: true });
}

/** What marks a hook made by `limit`: the API reference lists a 429 for the routes that have one (server/openapi.ts). */
export const RATE_LIMIT = Symbol('rate limit');

export const isRateLimit = (hook: unknown): boolean => typeof hook === 'function' && RATE_LIMIT in hook;

/**
 * Like `limit`, but past the rule each request waits `delayMs` instead of being refused: for what a
 * stranger must not be able to shut for its owner (sign-in to one account from many addresses).
 */
export function slowDown(
  app: FastifyInstance,
  name: string,
  rule: LimitRule & { delayMs: number },
  keyOf: (request: FastifyRequest) => string,
) {
  const check = app.createRateLimit({ max: rule.max, timeWindow: rule.window, keyGenerator: (request) => `${name}:${keyOf(request)}` });
  return async (request: FastifyRequest) => {
    const result = await check(request);
    if (!result.isAllowed && result.isExceeded) await sleep(rule.delayMs);
  };
}
