import { describe, expect, it } from 'vitest';
import { MAX_IMAGE_URL_LENGTH, normalizeImageUrl } from './image-url';

describe('normalizeImageUrl', () => {
  it.each([
    ['https://img.alicdn.com/imgextra/i1/O1CN01.jpg', 'https://img.alicdn.com/imgextra/i1/O1CN01.jpg'],
    ['https://IMG.AliCDN.com/imgextra/i1/O1CN01.jpg?x-oss-process=resize#top', 'https://img.alicdn.com/imgextra/i1/O1CN01.jpg'],
    ['http://img.alicdn.com/imgextra/i1/O1CN01.jpg', 'https://img.alicdn.com/imgextra/i1/O1CN01.jpg'],
    ['https://img.alicdn.com:443/a.jpg', 'https://img.alicdn.com/a.jpg'],
    ['http://img.example.com:80/a.jpg', 'https://img.example.com/a.jpg'],
    ['http://img.example.com:8080/A.JPG', 'https://img.example.com:8080/A.JPG'],
    ['  https://img.example.com/a.jpg  ', 'https://img.example.com/a.jpg'],
  ])('%s', (input, expected) => {
    expect(normalizeImageUrl(input)).toBe(expected);
  });

  it.each([['ftp://img.example.com/a.jpg'], ['data:image/png;base64,AAAA'], ['not a url'], [''], [`https://img.example.com/${'a'.repeat(MAX_IMAGE_URL_LENGTH)}`]])(
    'rejects %s',
    (input) => {
      expect(normalizeImageUrl(input)).toBeNull();
    },
  );
});
