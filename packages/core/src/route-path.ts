/**
 * Which of the SPA's static routes a browser path opens, matched as react-router 7 matches them:
 * each segment percent-decoded, letters in any case, trailing slashes ignored ('//' is '/').
 * Anything else is `fallback`, the catch-all route. The server uses it to pick the HTML that
 * announces the page's files; the web app, to load that page before its first render.
 */
export function routeKeyFor(pathname: string, isRoute: (key: string) => boolean, fallback = '*'): string {
  const decoded = pathname
    .split('/')
    .map((segment) => {
      try {
        // A decoded '/' stays inside its segment, as react-router keeps it.
        return decodeURIComponent(segment).replace(/\//g, '%2F');
      } catch {
        return segment; // malformed escapes match nothing but the catch-all, in the router too
      }
    })
    .join('/');
  const key = (decoded.replace(/\/+$/, '') || '/').toLowerCase();
  return isRoute(key) ? key : fallback;
}
