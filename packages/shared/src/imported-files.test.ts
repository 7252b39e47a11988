import { formatFileSize } from './imported-files';
import { importFileStateOf, requeuedName } from './imports';

describe('formatFileSize', () => {
  it('writes a size in French words, 1024-based', () => {
    expect(formatFileSize(0)).toBe('0 o');
    expect(formatFileSize(850)).toBe('850 o');
    expect(formatFileSize(1024)).toBe('1 Ko');
    expect(formatFileSize(1536)).toBe('1,5 Ko');
    expect(formatFileSize(1.2 * 1024 * 1024)).toBe('1,2 Mo');
    expect(formatFileSize(3 * 1024 ** 3)).toBe('3 Go');
  });

  it('never shows 1024 of a unit', () => {
    expect(formatFileSize(1024 * 1024 - 1)).toBe('1 Mo');
  });
});

describe('import file states', () => {
  it('reads the state from the suffix', () => {
    expect(importFileStateOf('articles.zip')).toBe('attente');
    expect(importFileStateOf('clients.CSV')).toBe('attente');
    expect(importFileStateOf('articles.zip.encours')).toBe('encours');
    expect(importFileStateOf('articles.zip.ok')).toBe('importe');
    expect(importFileStateOf('articles.zip.err')).toBe('refuse');
    expect(importFileStateOf('notes.txt')).toBe('autre');
  });

  it('puts back in the queue only an imported or refused file', () => {
    expect(requeuedName('articles.zip.ok')).toBe('articles.zip');
    expect(requeuedName('clients.csv.err')).toBe('clients.csv');
    expect(requeuedName('articles.zip.encours')).toBeNull();
    expect(requeuedName('articles.zip')).toBeNull();
    expect(requeuedName('notes.txt.ok')).toBeNull();
  });
});
