import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { parseBuffer } from 'music-metadata';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findFfmpeg } from './ffmpeg.js';
import { checkDecodes, measureLoudness, transcodeToMp3, transcodeToOpus } from './transcode.js';

let dir: string;
let ffmpeg: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'kora-transcode-'));
  ffmpeg = (await findFfmpeg())!;
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** A test tone in any layout ffmpeg can write. */
async function tone(name: string, seconds: number, outputArgs: string[]): Promise<string> {
  const file = join(dir, name);
  await new Promise<void>((resolve, reject) => {
    const child = spawn(ffmpeg, ['-v', 'error', '-y', '-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`, ...outputArgs, file], { stdio: 'ignore' });
    child.once('error', reject);
    child.once('close', (code) => (code === 0 ? resolve() : reject(new Error(`ffmpeg exited with ${code}`))));
  });
  return file;
}

async function collect(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A stereo mix of pink noise and a tone, 20 s: dense enough that a codec spends its whole bitrate. */
async function music(name: string): Promise<string> {
  const file = join(dir, name);
  await run(ffmpeg, [
    '-v', 'error', '-y',
    '-f', 'lavfi', '-i', 'anoisesrc=color=pink:amplitude=0.25:duration=20',
    '-f', 'lavfi', '-i', 'sine=frequency=330:duration=20',
    '-filter_complex', '[0][1]amix=inputs=2,aformat=channel_layouts=stereo', '-ar', '44100', '-c:a', 'pcm_s16le', file,
  ]);
  return file;
}

function run(command: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'inherit'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) => (code === 0 ? resolve(output) : reject(new Error(`${command} exited with ${code}`))));
  });
}

describe('transcodeToOpus', () => {
  it.each([24, 48])('makes %i kbps stereo Opus in WebM: ffprobe reads its codec, its length and its bitrate', async (kbps) => {
    const source = await music(`music-${kbps}.wav`);
    const webm = await transcodeToOpus(ffmpeg, source, { bitrateKbps: kbps }, collect);
    const file = join(dir, `music-${kbps}.webm`);
    await writeFile(file, webm);
    // ffprobe comes with ffmpeg (Debian's ffmpeg package installs both).
    const ffprobe = join(dirname(ffmpeg), 'ffprobe');
    const probed = JSON.parse(
      await run(ffprobe, ['-v', 'error', '-show_entries', 'format=format_name,duration,bit_rate:stream=codec_name,channels', '-of', 'json', file]),
    ) as { format: { format_name: string; duration: string; bit_rate: string }; streams: { codec_name: string; channels: number }[] };
    expect(probed.streams).toEqual([{ codec_name: 'opus', channels: 2 }]);
    expect(probed.format.format_name).toContain('webm');
    expect(Math.abs(Number(probed.format.duration) - 20)).toBeLessThanOrEqual(0.1);
    expect(Math.abs(Number(probed.format.bit_rate) / 1000 - kbps) / kbps).toBeLessThanOrEqual(0.15);
  });

  it('gives the same bytes for the same source and leaves no file of its own behind', async () => {
    const source = await tone('same-opus.mp3', 2, ['-c:a', 'libmp3lame', '-b:a', '128k', '-metadata', 'title=Secret demo']);
    const before = await readdir(dir);
    const once = await transcodeToOpus(ffmpeg, source, { bitrateKbps: 48 }, collect);
    const twice = await transcodeToOpus(ffmpeg, source, { bitrateKbps: 48 }, collect);
    expect(once.equals(twice)).toBe(true);
    expect(once.includes(Buffer.from('Secret demo'))).toBe(false);
    expect(await readdir(dir)).toEqual(before);
  });

  it('measures the loudness on the way when asked, as a pass of its own does, handing it to consume with the file', async () => {
    const source = await music('music-measured.wav');
    const handed = await transcodeToOpus(ffmpeg, source, { bitrateKbps: 24, measureLoudness: true }, async (webm, loudness) => ({
      bytes: (await collect(webm)).length,
      loudness,
    }));
    expect(handed.loudness).toEqual(await measureLoudness(ffmpeg, source));
    expect(handed.bytes).toBeGreaterThan(50_000);
    expect(await transcodeToOpus(ffmpeg, source, { bitrateKbps: 24 }, async (_webm, loudness) => loudness)).toBeUndefined();
  });

  it('rejects, keeping nothing, when ffmpeg cannot read the input', async () => {
    const text = join(dir, 'not-audio-for-opus.txt');
    await writeFile(text, 'not audio');
    const before = await readdir(dir);
    let consumed = false;
    await expect(
      transcodeToOpus(ffmpeg, text, { bitrateKbps: 24 }, async () => {
        consumed = true;
      }),
    ).rejects.toThrow(/could not encode 24 kbps Opus/);
    expect(consumed).toBe(false);
    expect(await readdir(dir)).toEqual(before);
  });
});

describe('transcodeToMp3', () => {
  it('streams a constant-bitrate MP3, mixing 5.1 down to stereo and a 96 kHz source to a rate MP3 has', async () => {
    const source = await tone('surround.wav', 2, ['-ar', '96000', '-af', 'pan=5.1|c0=c0|c1=c0|c2=c0|c3=c0|c4=c0|c5=c0', '-c:a', 'pcm_s16le']);
    let chunks = 0;
    const mp3 = await transcodeToMp3(ffmpeg, source, { bitrateKbps: 128 }, async (stream) => {
      stream.on('data', () => chunks++);
      return collect(stream);
    });
    const { format, common } = await parseBuffer(mp3, { mimeType: 'audio/mpeg' }, { duration: true });
    expect(format).toMatchObject({ codec: 'MPEG 1 Layer 3', numberOfChannels: 2, sampleRate: 48000, bitrate: 128_000 });
    expect(format.duration).toBeCloseTo(2, 0);
    expect(common.title).toBeUndefined();
    expect(chunks).toBeGreaterThan(1);
  });

  it('gives the same bytes for the same source, so a retried job stores one object', async () => {
    const source = await tone('same.mp3', 2, ['-c:a', 'libmp3lame', '-b:a', '320k', '-metadata', 'title=Secret demo']);
    const once = await transcodeToMp3(ffmpeg, source, { bitrateKbps: 64 }, collect);
    const twice = await transcodeToMp3(ffmpeg, source, { bitrateKbps: 64 }, collect);
    expect(once.equals(twice)).toBe(true);
    expect(once.includes(Buffer.from('Secret demo'))).toBe(false);
  });

  it('errors the stream instead of ending it when ffmpeg fails, so no consumer keeps a partial file', async () => {
    const text = join(dir, 'notes.txt');
    await writeFile(text, 'not audio at all');
    let ended = false;
    await expect(
      transcodeToMp3(ffmpeg, text, { bitrateKbps: 64 }, async (stream) => {
        stream.on('end', () => (ended = true));
        return collect(stream);
      }),
    ).rejects.toThrow(/ffmpeg could not encode 64 kbps MP3/);
    expect(ended).toBe(false);
  });

  it('stops ffmpeg when its signal aborts', async () => {
    const source = await tone('long.wav', 600, ['-c:a', 'pcm_s16le']);
    const controller = new AbortController();
    const started = Date.now();
    const work = transcodeToMp3(ffmpeg, source, { bitrateKbps: 320 }, async (stream) => {
      stream.once('data', () => controller.abort(new Error('stopping')));
      return collect(stream);
    }, controller.signal);
    await expect(work).rejects.toThrow('stopping');
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});

describe('measureLoudness', () => {
  /** A 1 kHz sine of this amplitude, for `seconds`, with `channels` channels, as 16-bit WAV. */
  async function sine(name: string, amplitude: number, channels: 1 | 2, seconds = 10): Promise<string> {
    const file = join(dir, name);
    const wave = `${amplitude}*sin(2*PI*1000*t)`;
    await run(ffmpeg, ['-v', 'error', '-y', '-f', 'lavfi', '-i', `aevalsrc=${Array(channels).fill(wave).join('|')}:s=44100:d=${seconds}`, '-c:a', 'pcm_s16le', file]);
    return file;
  }

  it('measures a stereo 1 kHz tone at -20 dBFS as -20 LUFS with a true peak of -20 dBTP', async () => {
    const { integratedLufs, truePeakDbtp } = await measureLoudness(ffmpeg, await sine('tone-stereo.wav', 0.1, 2));
    expect(Math.abs(integratedLufs - -20)).toBeLessThanOrEqual(0.5);
    expect(Math.abs(truePeakDbtp - -20)).toBeLessThanOrEqual(0.5);
  });

  it('measures mono as it is heard from two speakers: as loud as the same tone in stereo', async () => {
    const { integratedLufs, truePeakDbtp } = await measureLoudness(ffmpeg, await sine('tone-mono.wav', 0.5, 1));
    expect(Math.abs(integratedLufs - -6)).toBeLessThanOrEqual(0.5);
    expect(Math.abs(truePeakDbtp - -6)).toBeLessThanOrEqual(0.5);
  });

  it('measures digital silence at the gate, with no peak', async () => {
    expect(await measureLoudness(ffmpeg, await sine('silence.wav', 0, 2, 3))).toEqual({ integratedLufs: -70, truePeakDbtp: -Infinity });
  });

  it('throws when ffmpeg cannot read the input', async () => {
    const text = join(dir, 'not-audio-to-measure.txt');
    await writeFile(text, 'not audio');
    await expect(measureLoudness(ffmpeg, text)).rejects.toThrow(/could not measure the loudness/);
  });

  it('stops ffmpeg when its signal aborts', async () => {
    const source = await tone('long-to-measure.wav', 600, ['-c:a', 'pcm_s16le']);
    const started = Date.now();
    await expect(measureLoudness(ffmpeg, source, AbortSignal.timeout(100))).rejects.toThrow(/timed out|aborted/i);
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});

describe('checkDecodes', () => {
  it('passes a whole file and fails one whose audio is damaged midway', async () => {
    const good = await tone('good.mp3', 3, ['-c:a', 'libmp3lame', '-b:a', '128k']);
    expect(await checkDecodes(ffmpeg, good)).toEqual({ ok: true });

    const bytes = await readFile(good);
    bytes.fill(0x55, Math.floor(bytes.length * 0.4), Math.floor(bytes.length * 0.6));
    const damaged = join(dir, 'damaged.mp3');
    await writeFile(damaged, bytes);
    const result = await checkDecodes(ffmpeg, damaged);
    expect(result.ok).toBe(false);
  });

  it('fails a file without audio, and throws when ffmpeg itself cannot run', async () => {
    const text = join(dir, 'plain.txt');
    await writeFile(text, 'hello');
    expect(await checkDecodes(ffmpeg, text)).toMatchObject({ ok: false });
    await expect(checkDecodes(join(dir, 'no-such-ffmpeg'), text)).rejects.toThrow(/failed to start ffmpeg/);
  });
});
