/**
 * Whether this process still wants new work. A SIGTERM makes it drain: the readiness check answers
 * 503 at once, so a balancer stops sending requests, while the process goes on serving what still
 * arrives until main.ts closes it (SHUTDOWN_DRAIN_MS later).
 */
export function createServingState() {
  let draining = false;
  return {
    get draining(): boolean {
      return draining;
    },
    startDraining(): void {
      draining = true;
    },
  };
}

export type ServingState = ReturnType<typeof createServingState>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Whether the process is draining: main.ts starts it on SIGTERM, the readiness check reports it. */
    readonly serving: ServingState;
  }
}
