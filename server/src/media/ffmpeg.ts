import { spawn } from 'node:child_process';
import { access, chmod, constants } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Writable } from 'node:stream';

export interface Mp3Options {
  sampleRate: number;
  channels: 1 | 2;
  bitrateKbps: number;
  /** LAME algorithm quality, 0 (best, slowest) to 9 (fastest). */
  compressionLevel?: number;
  metadata?: { title?: string; artist?: string; album?: string };
}

// LAME's default (3) takes twice as long as 7 for no audible gain at demo bitrates.
const DEFAULT_COMPRESSION_LEVEL = 7;

let ffmpegPath: Promise<string | null> | undefined;

/** Resolves an ffmpeg binary once: FFMPEG_PATH, then ffmpeg on PATH, then the bundled npm binary. */
export async function findFfmpeg(): Promise<string | null> {
  ffmpegPath ??= locateFfmpeg();
  return ffmpegPath;
}

async function locateFfmpeg(): Promise<string | null> {
  const fromEnv = process.env.FFMPEG_PATH;
  if (fromEnv) return fromEnv;
  if (await runs('ffmpeg')) return 'ffmpeg';
  const bundled = await bundledFfmpeg();
  return bundled && (await runs(bundled)) ? bundled : null;
}

async function bundledFfmpeg(): Promise<string | null> {
  let binary: string;
  try {
    const pkg = createRequire(import.meta.url).resolve('@ffmpeg-installer/linux-x64/package.json');
    binary = join(dirname(pkg), 'ffmpeg');
    await access(binary, constants.F_OK);
  } catch {
    return null;
  }
  try {
    await access(binary, constants.X_OK);
  } catch {
    // npm install scripts are disabled in this repo, so the package's own chmod never ran.
    try {
      await chmod(binary, 0o755);
    } catch {
      return null;
    }
  }
  return binary;
}

function runs(command: string): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn(command, ['-version'], { stdio: 'ignore' });
    child.once('error', () => resolve(false));
    child.once('close', (code) => resolve(code === 0));
  });
}

const STDERR_TAIL_CHARS = 2000;

export async function encodePcmToMp3(pcm: Int16Array, opts: Mp3Options, outPath: string): Promise<void> {
  const ffmpeg = await findFfmpeg();
  if (!ffmpeg) {
    throw new Error('ffmpeg not found: install it on PATH, set FFMPEG_PATH, or install @ffmpeg-installer/linux-x64');
  }
  const metadata = Object.entries(opts.metadata ?? {}).flatMap(([key, value]) =>
    value ? ['-metadata', `${key}=${value}`] : [],
  );
  const args = [
    '-hide_banner', '-loglevel', 'error', '-nostdin', '-y',
    '-f', 's16le', '-ar', String(opts.sampleRate), '-ac', String(opts.channels), '-i', 'pipe:0',
    '-codec:a', 'libmp3lame', '-b:a', `${opts.bitrateKbps}k`,
    '-compression_level', String(opts.compressionLevel ?? DEFAULT_COMPRESSION_LEVEL),
    '-id3v2_version', '3', ...metadata,
    '-f', 'mp3', outPath,
  ];

  await new Promise<void>((resolve, reject) => {
    const child = spawn(ffmpeg, args, { stdio: ['pipe', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-STDERR_TAIL_CHARS);
    });
    child.once('error', (err) => reject(new Error(`failed to start ffmpeg (${ffmpeg}): ${err.message}`)));
    child.once('close', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`ffmpeg exited with ${signal ?? `code ${code}`} encoding ${outPath}: ${stderr.trim()}`));
    });
    // EPIPE when ffmpeg dies early is reported through 'close' with its stderr, which is more useful.
    child.stdin.on('error', () => {});
    writePcm(child.stdin, pcm);
  });
}

const CHUNK_BYTES = 64 * 1024;

function writePcm(stdin: Writable, pcm: Int16Array): void {
  const bytes = Buffer.from(pcm.buffer, pcm.byteOffset, pcm.byteLength);
  let offset = 0;
  const writeMore = () => {
    while (offset < bytes.length) {
      const chunk = bytes.subarray(offset, offset + CHUNK_BYTES);
      offset += chunk.length;
      if (!stdin.write(chunk)) {
        stdin.once('drain', writeMore);
        return;
      }
    }
    stdin.end();
  };
  writeMore();
}
