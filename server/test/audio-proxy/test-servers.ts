import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import path from 'node:path';
import { STANDIN_CA_FILE } from '../helpers/deezer-standin.js';

/** A TCP server that only counts connections: a refused proxy request must add none. */
export type ConnectionCounter = { host: string; port: number; connections(): number; close(): Promise<void> };

export async function startConnectionCounter(host: string): Promise<ConnectionCounter> {
  let connections = 0;
  const server = net.createServer((socket) => {
    connections += 1;
    socket.destroy();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, resolve);
  });
  return {
    host,
    port: (server.address() as net.AddressInfo).port,
    connections: () => connections,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/**
 * An HTTPS media host with the stand-in's certificate (valid for 127.0.0.1 and localhost) whose
 * answers a test scripts: redirects, stalls, wrong types, bodies without a length.
 */
export type ScriptedMediaServer = {
  origin: string;
  /** `127.0.0.1:port`, for the allow-list. */
  host: string;
  connections(): number;
  /** Each request, and whether its connection has closed since. */
  requests: { url: string; headers: http.IncomingHttpHeaders; connectionClosed(): boolean }[];
  close(): Promise<void>;
};

export async function startScriptedMediaServer(handler: (request: http.IncomingMessage, response: http.ServerResponse) => void): Promise<ScriptedMediaServer> {
  const tlsDir = path.dirname(STANDIN_CA_FILE);
  const requests: ScriptedMediaServer['requests'] = [];
  const sockets = new Set<net.Socket>();
  let connections = 0;
  const server = https.createServer({ key: fs.readFileSync(path.join(tlsDir, 'standin.key')), cert: fs.readFileSync(STANDIN_CA_FILE) }, (request, response) => {
    requests.push({ url: request.url ?? '', headers: request.headers, connectionClosed: () => request.socket.destroyed });
    handler(request, response);
  });
  server.on('connection', (socket: net.Socket) => {
    connections += 1;
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const host = `127.0.0.1:${(server.address() as net.AddressInfo).port}`;
  return {
    origin: `https://${host}`,
    host,
    connections: () => connections,
    requests,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

export type RelayedResponse = { status: number; headers: http.IncomingHttpHeaders; body: Buffer; complete: boolean };

/**
 * GET over a real connection, for what `inject` cannot show: a stream cut part way (complete is
 * false), or a listener who leaves after the first bytes (`leaveAfterFirstBytes`).
 */
export function getOverHttp(url: string, headers: http.OutgoingHttpHeaders, options: { leaveAfterFirstBytes?: boolean } = {}): Promise<RelayedResponse> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      const done = (complete: boolean) => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks), complete });
      response.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        if (options.leaveAfterFirstBytes) {
          request.destroy();
          done(false);
        }
      });
      response.on('end', () => done(true));
      response.on('error', () => done(false));
      response.on('close', () => done(response.complete));
    });
    request.on('error', (error) => (options.leaveAfterFirstBytes ? undefined : reject(error)));
  });
}
