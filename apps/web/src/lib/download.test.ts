import { afterEach, describe, expect, it, vi } from 'vitest';
import { OBJECT_URL_LIFETIME_MS, saveBlob } from './download';

const original = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };

afterEach(() => {
  URL.createObjectURL = original.create;
  URL.revokeObjectURL = original.revoke;
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('saveBlob', () => {
  it('clicks a link to the blob under the file name and revokes the URL only after the download had time to start', () => {
    vi.useFakeTimers();
    URL.createObjectURL = vi.fn(() => 'blob:archivo');
    const revoke = vi.fn();
    URL.revokeObjectURL = revoke;
    const clicked: { href: string; download: string; attached: boolean }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.getAttribute('href') ?? '', download: this.download, attached: this.isConnected });
    });

    saveBlob(new Blob(['a;b\n'], { type: 'text/csv' }), 'pedidos-2026-11-22.csv');

    expect(clicked).toEqual([{ href: 'blob:archivo', download: 'pedidos-2026-11-22.csv', attached: true }]);
    expect(document.querySelector('a[download]')).toBeNull();
    // Revoking inside the click handler is what cancels the download in some browsers.
    expect(revoke).not.toHaveBeenCalled();
    vi.advanceTimersByTime(OBJECT_URL_LIFETIME_MS - 1);
    expect(revoke).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(revoke).toHaveBeenCalledWith('blob:archivo');
  });
});
