/**
 * The text of a Blob the app made (a download, a beacon's body). Under jsdom the Blob is jsdom's,
 * which has no `text()` (Node 24's fetch also answers `blob()` with the global, jsdom's), so it is
 * read the way a page reads one: a FileReader.
 */
export function blobText(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('the Blob could not be read'));
    reader.readAsText(blob);
  });
}
