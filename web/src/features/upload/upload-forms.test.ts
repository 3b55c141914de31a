import { describe, expect, it } from 'vitest';
import { createReleaseDraft, createTrackDraft, type ReleaseDraft } from './release-draft';
import { buildLibraryUploadForm, buildReleaseForm } from './upload-forms';

const audioA = new File(['a'.repeat(10)], 'a.mp3', { type: 'audio/mpeg' });
const audioB = new File(['b'.repeat(20)], 'b.flac', { type: 'audio/flac' });
const instrumental = new File(['i'], 'b-inst.wav', { type: 'audio/wav' });
const cover = new File(['png'], 'cover.png', { type: 'image/png' });

function epDraft(fields: Partial<ReleaseDraft> = {}): ReleaseDraft {
  return {
    ...createReleaseDraft(1),
    releaseType: 'ep',
    artist: '  Burna Boy ',
    genre: 'Afro-Fusion',
    language: 'Pidgin',
    albumTitle: ' Lagos Nights ',
    albumCover: cover,
    releaseDate: '2026-07-01',
    releaseStatus: 'presave',
    originalWork: true,
    rightsType: 'label',
    monetization: 'ads',
    distributionRegion: 'west_africa',
    rightsConfirmed: true,
    tracks: [
      { ...createTrackDraft(1), audioFile: audioA, title: ' Ye ', featuredArtists: 'Wizkid, Tiwa', explicitContent: true },
      { ...createTrackDraft(2), audioFile: audioB, title: 'Anybody', lyrics: 'Oya\nmove', instrumentalFile: instrumental },
    ],
    ...fields,
  };
}

describe('buildReleaseForm', () => {
  it('sends the fields of spec section 7, text first, then the files in body order', () => {
    const { form, files } = buildReleaseForm(epDraft());
    expect([...form.keys()]).toEqual([
      'releaseType',
      'artist',
      'genre',
      'language',
      'albumTitle',
      'tracks[0][title]',
      'tracks[0][featuredArtists]',
      'tracks[0][producers]',
      'tracks[0][lyrics]',
      'tracks[0][explicitContent]',
      'tracks[1][title]',
      'tracks[1][featuredArtists]',
      'tracks[1][producers]',
      'tracks[1][lyrics]',
      'tracks[1][explicitContent]',
      'albumCover',
      'tracks[0][audioFile]',
      'tracks[1][audioFile]',
      'tracks[1][instrumentalFile]',
    ]);
    expect(files.map((part) => [part.label, part.file.name])).toEqual([
      ['Album cover', 'cover.png'],
      ['Track 1 audio', 'a.mp3'],
      ['Track 2 audio', 'b.flac'],
      ['Track 2 instrumental', 'b-inst.wav'],
    ]);
  });

  it('trims text, lowercases genre and language, and writes explicitContent as true/false', () => {
    const { form } = buildReleaseForm(epDraft());
    expect(form.get('artist')).toBe('Burna Boy');
    expect(form.get('albumTitle')).toBe('Lagos Nights');
    expect(form.get('genre')).toBe('afro-fusion');
    expect(form.get('language')).toBe('pidgin');
    expect(form.get('tracks[0][title]')).toBe('Ye');
    expect(form.get('tracks[0][featuredArtists]')).toBe('Wizkid, Tiwa');
    expect(form.get('tracks[0][explicitContent]')).toBe('true');
    expect(form.get('tracks[1][explicitContent]')).toBe('false');
    expect(form.get('tracks[1][lyrics]')).toBe('Oya\nmove');
    expect(form.get('tracks[1][audioFile]')).toBeInstanceOf(File);
  });

  it('leaves out a blank album title, a missing cover and missing instrumentals', () => {
    const { form, files } = buildReleaseForm(
      epDraft({ releaseType: 'single', albumTitle: '  ', albumCover: null, tracks: [epDraft().tracks[0]!] }),
    );
    expect(form.has('albumTitle')).toBe(false);
    expect(form.has('albumCover')).toBe(false);
    expect(form.has('tracks[0][instrumentalFile]')).toBe(false);
    expect(files.map((part) => part.label)).toEqual(['Track 1 audio']);
  });

  it('never sends the form values the spec keeps local', () => {
    const keys = [...buildReleaseForm(epDraft()).form.keys()];
    for (const local of ['releaseDate', 'releaseTime', 'releaseStatus', 'originalWork', 'rightsType', 'monetization', 'distributionRegion', 'rightsConfirmed']) {
      expect(keys).not.toContain(local);
    }
  });
});

describe('buildLibraryUploadForm', () => {
  it('sends audioFile, title, artist and album, with the cover when there is one', () => {
    const { form, files } = buildLibraryUploadForm({
      audioFile: audioA,
      title: ' Essence ',
      artist: ' Wizkid ',
      album: ' Made in Lagos ',
      coverFile: cover,
    });
    expect(form.get('title')).toBe('Essence');
    expect(form.get('artist')).toBe('Wizkid');
    expect(form.get('album')).toBe('Made in Lagos');
    expect(form.get('audioFile')).toBeInstanceOf(File);
    expect(form.get('coverFile')).toBeInstanceOf(File);
    expect(files.map((part) => part.file.name)).toEqual(['a.mp3', 'cover.png']);
  });

  it('sends Unknown Album for a blank album and no cover field without a cover', () => {
    const { form } = buildLibraryUploadForm({ audioFile: audioA, title: 'T', artist: 'A', album: '   ', coverFile: null });
    expect(form.get('album')).toBe('Unknown Album');
    expect(form.has('coverFile')).toBe(false);
  });
});
