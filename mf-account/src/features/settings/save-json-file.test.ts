import { dataExportFileName, saveJsonFile } from './save-json-file';

// jsdom's Blob has no text().
const readText = (blob: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });

it('downloads the JSON under the given name through an object URL, then lets it go', async () => {
  jest.useFakeTimers();
  const blobs: Blob[] = [];
  URL.createObjectURL = jest.fn((blob: Blob) => {
    blobs.push(blob);
    return 'blob:streamflix/1';
  });
  URL.revokeObjectURL = jest.fn();
  const clicked: Array<{ href: string; download: string }> = [];
  const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    clicked.push({ href: this.href, download: this.download });
  });
  try {
    saveJsonFile('streamflix-data-2026-11-26.json', { profiles: [{ myList: ['t-1'] }] });
    expect(clicked).toEqual([
      { href: 'blob:streamflix/1', download: 'streamflix-data-2026-11-26.json' },
    ]);
    expect(document.querySelector('a')).toBeNull();
    expect(blobs[0]!.type).toBe('application/json');
    expect(URL.revokeObjectURL).not.toHaveBeenCalled();
    jest.runAllTimers();
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:streamflix/1');
  } finally {
    click.mockRestore();
    jest.useRealTimers();
  }
  expect(JSON.parse(await readText(blobs[0]!))).toEqual({ profiles: [{ myList: ['t-1'] }] });
});

it('names the file after the day the copy was made', () => {
  expect(dataExportFileName('2026-01-05T23:59:59.000Z')).toBe('streamflix-data-2026-01-05.json');
});
