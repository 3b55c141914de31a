import { describe, expect, it } from 'vitest';
import { describeUploadFailure } from './upload-failure';

describe('describeUploadFailure', () => {
  it("shows the server's reason for a refused upload", () => {
    expect(describeUploadFailure(new Error('415: {"message":"track 1 is not an audio file."}'))).toBe(
      'track 1 is not an audio file.',
    );
    expect(describeUploadFailure(new Error('413: {"message":"The audio file is larger than 200 MB."}'))).toBe(
      'The audio file is larger than 200 MB.',
    );
  });

  it("falls back to the spec's sentence for server errors, lost sessions, bodies without a message and the network", () => {
    const sentence = 'Failed to upload music. Please try again.';
    expect(describeUploadFailure(new Error('500: {"message":"Internal Server Error"}'))).toBe(sentence);
    expect(describeUploadFailure(new Error('401: {"message":"Not signed in."}'))).toBe(sentence);
    expect(describeUploadFailure(new Error('413: <html>Request Entity Too Large</html>'))).toBe(sentence);
    expect(describeUploadFailure(new Error('400: {"error":"x"}'))).toBe(sentence);
    expect(describeUploadFailure(new TypeError('Network request failed'))).toBe(sentence);
    expect(describeUploadFailure('oops')).toBe(sentence);
  });
});
