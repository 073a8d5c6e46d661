/**
 * File downloads from the API (e.g. GET /api/auth/user/export): the answer is read as a Blob and
 * saved through a temporary object URL and an `<a download>` click, under the filename the
 * server names in Content-Disposition.
 */

/** The filename of a Content-Disposition header (RFC 6266: `filename*=UTF-8''…` wins over `filename=`). */
export function filenameFromContentDisposition(header: string | null): string | undefined {
  if (!header) return undefined;
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (extended?.[2]) {
    try {
      return decodeURIComponent(extended[2].trim().replace(/^"|"$/g, ''));
    } catch {
      // fall through to the plain parameter
    }
  }
  const plain = /filename\s*=\s*("((?:\\.|[^"\\])*)"|[^;\s]+)/i.exec(header);
  if (!plain) return undefined;
  const name = plain[2] !== undefined ? plain[2].replace(/\\(.)/g, '$1') : plain[1];
  return name?.trim() || undefined;
}

/** Saves `blob` as `filename` in the browser's downloads. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.appendChild(link);
  try {
    link.click();
  } finally {
    link.remove();
    // Revoke after the click has been handled (some browsers read the URL asynchronously).
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}
