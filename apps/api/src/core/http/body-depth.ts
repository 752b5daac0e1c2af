import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors/app-error';
import { sendError } from '../errors/error-responder';

/** How deep a JSON body may nest: ours go four or five levels down; a validator recursing 2,000 deep overflows. */
export const MAX_BODY_DEPTH = 32;

/** Whether a parsed JSON value nests deeper than `max`, found without recursion (its own stack is the risk). */
export function nestsDeeperThan(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length) {
    const [v, depth] = stack.pop()!;
    if (typeof v !== 'object' || v === null) continue;
    if (depth >= max) return true;
    for (const child of Array.isArray(v) ? v : Object.values(v)) stack.push([child, depth + 1]);
  }
  return false;
}

/** A body nested past MAX_BODY_DEPTH is 400 before any pipe reads it (contract §11: never a 500). */
export function refuseDeepBodies(request: FastifyRequest, reply: FastifyReply, done: () => void): void {
  if (nestsDeeperThan(request.body, MAX_BODY_DEPTH))
    return void sendError(new AppError('BAD_REQUEST'), request, reply);
  done();
}
