import querystring from 'fast-querystring';

/**
 * The query string parser of every route (Fastify's own default, named here so that the front door
 * reads a query exactly as Fastify's routes do).
 */
export const parseQuery = (query: string): Record<string, unknown> =>
  query.length === 0 ? {} : (querystring.parse(query) as Record<string, unknown>);

/** The query of a request's URL, without its `?`; empty when it has none. */
export const queryOf = (url: string): string => {
  const at = url.indexOf('?');
  return at === -1 ? '' : url.slice(at + 1);
};
