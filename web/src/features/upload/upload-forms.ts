import { DEFAULT_ALBUM_TITLE } from '@kora/contracts';
import type { ReleaseDraft } from './release-draft';

/** A file of an upload, in the order it travels in the request body (progress is split by it). */
export interface UploadFilePart {
  /** Names the file's progress bar: 'Track 1 audio', 'Album cover'. */
  label: string;
  file: File;
}

/**
 * The body of POST /api/upload-music with the field names of spec section 7. The text fields go
 * first, so the server can refuse bad input before it has received any file; then the cover and
 * each track's audio and instrumental. Only the fields the spec sends are sent.
 */
export function buildReleaseForm(draft: ReleaseDraft): { form: FormData; files: UploadFilePart[] } {
  const form = new FormData();
  form.append('releaseType', draft.releaseType);
  form.append('artist', draft.artist.trim());
  form.append('genre', draft.genre.toLowerCase());
  form.append('language', draft.language.toLowerCase());
  const albumTitle = draft.albumTitle.trim();
  if (albumTitle) form.append('albumTitle', albumTitle);

  draft.tracks.forEach((track, index) => {
    form.append(`tracks[${index}][title]`, track.title.trim());
    form.append(`tracks[${index}][featuredArtists]`, track.featuredArtists.trim());
    form.append(`tracks[${index}][producers]`, track.producers.trim());
    form.append(`tracks[${index}][lyrics]`, track.lyrics.trim());
    form.append(`tracks[${index}][explicitContent]`, String(track.explicitContent));
  });

  const files: UploadFilePart[] = [];
  function appendFile(field: string, label: string, file: File | null) {
    if (!file) return;
    form.append(field, file);
    files.push({ label, file });
  }
  appendFile('albumCover', 'Album cover', draft.albumCover);
  draft.tracks.forEach((track, index) => {
    appendFile(`tracks[${index}][audioFile]`, `Track ${index + 1} audio`, track.audioFile);
    appendFile(`tracks[${index}][instrumentalFile]`, `Track ${index + 1} instrumental`, track.instrumentalFile);
  });
  return { form, files };
}

export interface LibraryUploadValues {
  audioFile: File | null;
  title: string;
  artist: string;
  album: string;
  coverFile: File | null;
}

/** The body of POST /api/upload (spec section 7); a blank album becomes 'Unknown Album'. */
export function buildLibraryUploadForm(
  values: LibraryUploadValues & { audioFile: File },
): { form: FormData; files: UploadFilePart[] } {
  const form = new FormData();
  form.append('title', values.title.trim());
  form.append('artist', values.artist.trim());
  form.append('album', values.album.trim() || DEFAULT_ALBUM_TITLE);
  form.append('audioFile', values.audioFile);
  const files: UploadFilePart[] = [{ label: 'Audio', file: values.audioFile }];
  if (values.coverFile) {
    form.append('coverFile', values.coverFile);
    files.push({ label: 'Cover', file: values.coverFile });
  }
  return { form, files };
}
