import sharp from 'sharp';

export type FormEntry = string | { data: Buffer; filename: string; type?: string };

/**
 * A multipart/form-data body for app.inject, serialized by the platform's own FormData and
 * Request (as a browser would send it); entries keep their order, and a name may repeat.
 */
export async function multipartBody(entries: [string, FormEntry][]): Promise<{ payload: Buffer; headers: { 'content-type': string } }> {
  const form = new FormData();
  for (const [name, value] of entries) {
    if (typeof value === 'string') form.append(name, value);
    else form.append(name, new Blob([new Uint8Array(value.data)], { type: value.type ?? 'application/octet-stream' }), value.filename);
  }
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), headers: { 'content-type': request.headers.get('content-type')! } };
}

/**
 * A JPEG whose stored pixels are red on the left and blue on the right, tagged with EXIF
 * orientation 6 (shown turned a quarter clockwise: red on top) and carrying camera and GPS tags.
 */
export async function buildPhotoWithExif({ width = 1200, height = 600 } = {}): Promise<Buffer> {
  const blue = await sharp({ create: { width: width / 2, height, channels: 3, background: '#0000ff' } }).png().toBuffer();
  return sharp({ create: { width, height, channels: 3, background: '#ff0000' } })
    .composite([{ input: blue, left: width / 2, top: 0 }])
    .jpeg()
    .withExif({
      IFD0: { Make: 'KoraTestCam', Copyright: 'Test Owner' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '6/1 27/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '3/1 23/1 0/1' },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

/** A small PNG of one colour: distinct colours give distinct content, so distinct stored keys. */
export function buildPng(colour: string, size = 64): Promise<Buffer> {
  return sharp({ create: { width: size, height: size, channels: 3, background: colour } }).png().toBuffer();
}

/**
 * A multipart body written by hand, for what FormData would escape (control characters in a file
 * name): each part's Content-Disposition parameters are sent exactly as given.
 */
export function rawMultipart(parts: { name: string; filename?: string; data: Buffer | string }[]): { payload: Buffer; headers: { 'content-type': string } } {
  const boundary = 'kora-test-boundary';
  const chunks = parts.flatMap(({ name, filename, data }) => [
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"${filename === undefined ? '' : `; filename="${filename}"`}\r\n`, 'utf8'),
    Buffer.from(filename === undefined ? '\r\n' : 'Content-Type: application/octet-stream\r\n\r\n', 'utf8'),
    Buffer.isBuffer(data) ? data : Buffer.from(data, 'utf8'),
    Buffer.from('\r\n', 'utf8'),
  ]);
  return {
    payload: Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`, 'utf8')]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
