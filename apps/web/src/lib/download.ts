/**
 * How long the object URL of a saved file stays valid. Some browsers start the download only after
 * the click handler returns, so revoking the URL at once can cancel it (an empty or failed file).
 */
export const OBJECT_URL_LIFETIME_MS = 10_000;

/** Saves a downloaded blob (PDF, CSV) under a file name: every file download of the app goes through here. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), OBJECT_URL_LIFETIME_MS);
}
