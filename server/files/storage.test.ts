import { mkdtempSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { InvalidKeyError, createLocalStorage, keyFromUrl } from './storage.server.ts';

describe('local file storage', () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'cb-storage-'));
  const storage = createLocalStorage(root);

  it('writes buffers and streams, reads them back and reports sizes', async () => {
    await storage.put('images/a.jpg', Buffer.from('jpeg-bytes'));
    await storage.put('pdf/c.pdf', Readable.from([Buffer.from('%PDF-'), Buffer.from('1.7')]));
    expect((await storage.get('images/a.jpg'))!.toString()).toBe('jpeg-bytes');
    expect((await storage.get('pdf/c.pdf'))!.toString()).toBe('%PDF-1.7');
    expect(await storage.size('pdf/c.pdf')).toBe(8);
    expect(await storage.get('missing.txt')).toBeNull();
    expect(readdirSync(path.join(root, 'images'))).toEqual(['a.jpg']);
  });

  it('moves a file over another in one step', async () => {
    await storage.put('pdf/final.pdf', Buffer.from('old'));
    await storage.put('tmp/new.pdf', Buffer.from('new'));
    await storage.move('tmp/new.pdf', 'pdf/final.pdf');
    expect((await storage.get('pdf/final.pdf'))!.toString()).toBe('new');
    expect(await storage.exists('tmp/new.pdf')).toBe(false);
  });

  it('refuses keys that could leave the storage root', async () => {
    for (const key of ['../etc/passwd', 'a/../../b', '/abs', 'a//b', '']) {
      await expect(storage.put(key, Buffer.from('x'))).rejects.toBeInstanceOf(InvalidKeyError);
    }
  });

  it('maps keys to /files URLs and back', () => {
    expect(storage.url('pdf/my catalog.pdf'.replace(' ', '-'))).toBe('/files/pdf/my-catalog.pdf');
    expect(keyFromUrl('/files/pdf/x.pdf')).toBe('pdf/x.pdf');
    expect(keyFromUrl('http://localhost:3000/files/images/a.jpg')).toBe('images/a.jpg');
    expect(keyFromUrl('https://cdn.example/a.jpg')).toBeNull();
    expect(keyFromUrl('/files/../secret')).toBeNull();
  });
});
