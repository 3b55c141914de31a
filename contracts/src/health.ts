import { z } from 'zod';

/** The public health answer: whether this server can serve, and nothing about how it is built. */
export const healthSchema = z.object({ status: z.enum(['ok', 'degraded']) });
export type Health = z.infer<typeof healthSchema>;

/** Liveness: the process is up and its event loop answers; nothing else is checked. */
export const livenessSchema = z.object({ status: z.literal('ok') });
export type Liveness = z.infer<typeof livenessSchema>;

// `kind` and `message` are given only to a caller on this machine (an operator, a local balancer).
const componentStatus = z.object({ ok: z.boolean(), kind: z.string().optional(), message: z.string().optional() });

/**
 * The readiness check: each dependency this server needs to answer requests (Redis only when it is
 * configured), and 'draining' once the process has been asked to stop.
 */
export const readinessSchema = z.object({
  status: z.enum(['ok', 'degraded', 'draining']),
  database: componentStatus,
  media: componentStatus,
  redis: componentStatus.optional(),
});
export type Readiness = z.infer<typeof readinessSchema>;
