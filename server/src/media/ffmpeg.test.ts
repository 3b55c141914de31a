import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseFile } from 'music-metadata';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_AUDIO, synthesizeTrack } from './audio-synth.js';
import { encodePcmToMp3, findFfmpeg } from './ffmpeg.js';

describe('encodePcmToMp3', () => {
  let dir: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'kora-ffmpeg-'));
  });

  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('finds a working ffmpeg', async () => {
    expect(await findFfmpeg()).toBeTruthy();
  });

  it('encodes synthesized PCM to an MP3 of the same duration with ID3 tags', async () => {
    const pcm = synthesizeTrack({ seed: 5, genre: 'Highlife', durationSeconds: 3 });
    const out = join(dir, 'track.mp3');
    await encodePcmToMp3(pcm, { ...DEMO_AUDIO, metadata: { title: 'Ụ̀tọ́ Ndụ̀', artist: 'Chíòmá Ńkẹ́', album: 'Palm Wine Sunday' } }, out);

    const { format, common } = await parseFile(out);
    expect(format.container).toBe('MPEG');
    expect(format.codec).toMatch(/MPEG 2 Layer 3|MP3/i);
    expect(format.sampleRate).toBe(DEMO_AUDIO.sampleRate);
    expect(format.numberOfChannels).toBe(1);
    expect(Math.abs(format.duration! - 3)).toBeLessThan(0.2);
    expect(common.title).toBe('Ụ̀tọ́ Ndụ̀');
    expect(common.artist).toBe('Chíòmá Ńkẹ́');
    expect(common.album).toBe('Palm Wine Sunday');
  });

  it('rejects with ffmpeg stderr when encoding fails', async () => {
    const pcm = new Int16Array(2205);
    const unwritable = join(dir, 'missing-dir', 'x.mp3');
    await expect(encodePcmToMp3(pcm, DEMO_AUDIO, unwritable)).rejects.toThrow(/ffmpeg exited with code \d+.*missing-dir/s);
  });

  it('streams PCM larger than the pipe buffer', async () => {
    const pcm = synthesizeTrack({ seed: 9, genre: 'Rock', durationSeconds: 12 });
    const out = join(dir, 'long.mp3');
    await encodePcmToMp3(pcm, DEMO_AUDIO, out);
    const { format } = await parseFile(out);
    expect(Math.abs(format.duration! - 12)).toBeLessThan(0.2);
  });
});

describe('findFfmpeg', () => {
  const saved = { PATH: process.env.PATH, FFMPEG_PATH: process.env.FFMPEG_PATH };

  afterEach(() => {
    process.env.PATH = saved.PATH;
    if (saved.FFMPEG_PATH === undefined) delete process.env.FFMPEG_PATH;
    else process.env.FFMPEG_PATH = saved.FFMPEG_PATH;
    vi.resetModules();
  });

  async function freshFindFfmpeg() {
    vi.resetModules();
    return (await import('./ffmpeg.js')).findFfmpeg;
  }

  it('prefers FFMPEG_PATH', async () => {
    process.env.FFMPEG_PATH = '/opt/custom/ffmpeg';
    expect(await (await freshFindFfmpeg())()).toBe('/opt/custom/ffmpeg');
  });

  it('falls back to the bundled npm binary when ffmpeg is not on PATH', async () => {
    delete process.env.FFMPEG_PATH;
    process.env.PATH = '';
    const found = await (await freshFindFfmpeg())();
    expect(found).toMatch(/@ffmpeg-installer\/linux-x64\/ffmpeg$/);
  });

  it('caches the lookup', async () => {
    const find = await freshFindFfmpeg();
    const first = await find();
    process.env.FFMPEG_PATH = '/somewhere/else';
    expect(await find()).toBe(first);
  });
});
