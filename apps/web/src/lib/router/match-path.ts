// Route patterns as the app writes them (docs/architecture/web-app.md, App layer): static segments, ':name'
// segments and a final '*' (the rest of the address). Segments compare case-insensitively and empty
// ones are ignored, so '/panier/' is '/panier'.

export type Params = Record<string, string>;

export interface PathMatch {
  params: Params;
  /** The part of the pathname the pattern matched. */
  pathname: string;
  /** The matched part before a final '*': where the routes nested under it start. */
  pathnameBase: string;
}

const segments = (path: string) => path.split('/').filter(Boolean);

const decode = (text: string) => {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
};

/**
 * The match of `pattern` against `pathname`, or null. `end: false` matches a prefix (a layout route's
 * path); a final '*' matches any rest, given in `params['*']`.
 */
export function matchPath(
  pattern: string | { path: string; end?: boolean },
  pathname: string,
): PathMatch | null {
  const { path, end = true } = typeof pattern === 'string' ? { path: pattern } : pattern;
  const want = segments(path);
  const have = segments(pathname);
  const splat = want.at(-1) === '*';
  if (splat) want.pop();
  if (have.length < want.length || (end && !splat && have.length > want.length)) return null;
  const params: Params = {};
  for (const [i, segment] of want.entries()) {
    if (segment.startsWith(':')) params[segment.slice(1)] = decode(have[i]!);
    else if (segment.toLowerCase() !== have[i]!.toLowerCase()) return null;
  }
  const pathnameBase = `/${have.slice(0, want.length).join('/')}`;
  if (splat) params['*'] = decode(have.slice(want.length).join('/'));
  return { params, pathname: splat ? `/${have.join('/')}` : pathnameBase, pathnameBase };
}
