/**
 * Which of the SPA's routes a browser path opens, matched as react-router 7 matches them:
 * each segment percent-decoded, letters in any case, trailing slashes ignored ('//' is '/').
 * A route may end in one parameter, always written `:slug` (`/catalogo/:slug`): a path one
 * segment below a parent matches it when no static route does. Anything else is `fallback`,
 * the catch-all route. The server uses it to pick the HTML that
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
  if (isRoute(key)) return key;
  // One non-empty last segment below a parent ('/catalogo/yerba-…', not '/catalogo//x').
  const parameterised = /^(\/[^/]+)+\/[^/]+$/.test(key) ? key.replace(/\/[^/]+$/, '/:slug') : null;
  return parameterised && isRoute(parameterised) ? parameterised : fallback;
}
