import { describe, expect, it } from 'vitest';
import { detectLogoType, isLogoUrl, LOGO_MAX_BYTES } from './logo';

describe('detectLogoType', () => {
  const bytes = (...b: number[]) => Uint8Array.from(b);

  it('recognises PNG, JPEG and WebP by their content', () => {
    expect(detectLogoType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0))).toBe('png');
    expect(detectLogoType(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('jpeg');
    expect(detectLogoType(new TextEncoder().encode('RIFF\u0000\u0000\u0000\u0000WEBPVP8 '))).toBe('webp');
  });

  it('refuses anything else', () => {
    expect(detectLogoType(new TextEncoder().encode('GIF89a'))).toBeNull();
    expect(detectLogoType(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(detectLogoType(new TextEncoder().encode('RIFF\u0000\u0000\u0000\u0000WAVE'))).toBeNull();
    expect(detectLogoType(bytes(0x89, 0x50))).toBeNull();
    expect(detectLogoType(bytes())).toBeNull();
    expect(LOGO_MAX_BYTES).toBe(1_048_576);
  });
});

describe('isLogoUrl', () => {
  it('accepts only the URLs of uploaded logos', () => {
    expect(isLogoUrl('/logos/3f1c2a9e-0b7d-4c1e-9a57-8e2f0d6b1a44.png')).toBe(true);
    expect(isLogoUrl('/logos/a.jpg')).toBe(true);
    expect(isLogoUrl('/logos/a.webp')).toBe(true);
    for (const url of [
      '/logos/a.gif',
      '/logos/../a.png',
      '/logos/sub/a.png',
      '/logos/.png',
      'https://ailleurs.example/logos/a.png',
      'javascript:alert(1)//logos/a.png',
      '/logos/a.png?x=1',
    ])
      expect(isLogoUrl(url), url).toBe(false);
  });
});
