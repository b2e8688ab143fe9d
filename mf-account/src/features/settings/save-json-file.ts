/**
 * Hands `data` to the browser as a downloaded file. The API's answer is read with the session's token,
 * so it can't be a plain link; an object URL of the JSON is the file the viewer keeps.
 */
export function saveJsonFile(fileName: string, data: unknown): void {
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked once the click has handed the file over.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** `streamflix-data-2026-11-26.json`, as the API names it. */
export const dataExportFileName = (exportedAt: string) =>
  `streamflix-data-${exportedAt.slice(0, 10)}.json`;
