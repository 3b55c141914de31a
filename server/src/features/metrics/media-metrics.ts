import type { FastifyInstance } from 'fastify';
import { Counter, type Registry } from 'prom-client';

/** Body bytes of streams, downloads, previews and covers, as the data meter counts them (data-usage/count-sent-bytes.ts). */
export function registerMediaMetrics(app: FastifyInstance, registry: Registry): void {
  new Counter({
    name: 'kora_media_bytes_sent_total',
    help: 'Media body bytes sent to listeners (200 and 206 answers), by kind.',
    labelNames: ['kind'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const [kind, bytes] of Object.entries(app.mediaBytesSent)) this.inc({ kind }, bytes);
    },
  });
}
