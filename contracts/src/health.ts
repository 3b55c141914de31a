import { z } from 'zod';

const componentStatus = z.object({ ok: z.boolean(), kind: z.string(), message: z.string().optional() });

export const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: componentStatus,
  media: componentStatus,
});
export type Health = z.infer<typeof healthSchema>;
