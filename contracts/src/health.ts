import { z } from 'zod';

/** The public health answer: whether this server can serve, and nothing about how it is built. */
export const healthSchema = z.object({ status: z.enum(['ok', 'degraded']) });
export type Health = z.infer<typeof healthSchema>;

// `kind` and `message` are given only to a caller on this machine (an operator, a local balancer).
const componentStatus = z.object({ ok: z.boolean(), kind: z.string().optional(), message: z.string().optional() });

/** The readiness check: each dependency this server needs to answer requests. */
export const readinessSchema = healthSchema.extend({ database: componentStatus, media: componentStatus });
export type Readiness = z.infer<typeof readinessSchema>;
