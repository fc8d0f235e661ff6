/**
 * The form image URLs are registered and looked up in for image search. CDNs serve one image under
 * many URLs: resize and tracking parameters in the query, anchors, either scheme, any case of host.
 * The normal form drops the query and fragment, lower-cases the host (the URL parser does), drops a
 * default port and uses https; the path stays as it is (paths are case-sensitive).
 */

export const MAX_IMAGE_URL_LENGTH = 2000;

/** The normal form of an http(s) image URL, or null when the text is not one. */
export function normalizeImageUrl(text: string): string | null {
  if (text.length > MAX_IMAGE_URL_LENGTH) return null;
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  // The default port of the original scheme, which `new URL` already dropped, is the only one
  // that stays implicit; an explicit other port is part of the image's address.
  const port = url.port === '' || url.port === '443' ? '' : `:${url.port}`;
  return `https://${url.hostname}${port}${url.pathname}`;
}
