import { z } from 'zod';
import { api } from './api';
import { clanCrestQuery } from './clans';
import { DEFAULT_LANGUAGE, LANGUAGES } from './constants';
import { CLAN_CREST_PATH } from './page-routes';

/**
 * /sdk/openapi.json (docs/product.md#openapi): an OpenAPI 3.1 document of every public read of
 * the contract, generated from api.ts with zod's own JSON Schema export (draft 2020-12, the
 * dialect OpenAPI 3.1 uses), so a call added to the table is described without more work. The
 * signed-in calls (under /sdk/account and the owner's console under /sdk/console) and the writes
 * are left out: they are the site's own. Beside them, the two public reads that are files, not
 * JSON: a clan's crest and the news feeds (FILE_READS).
 */
type Call = (typeof api)[keyof typeof api];

const SIGNED_IN_PREFIXES = ['/sdk/account', '/sdk/console/'];

export const isPublicRead = (call: Pick<Call, 'method' | 'path'>): boolean =>
  call.method === 'GET' && !SIGNED_IN_PREFIXES.some((prefix) => call.path.startsWith(prefix));

const jsonSchema = (schema: z.ZodType, io: 'input' | 'output') =>
  z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' });

/** The query's fields as OpenAPI parameters (every query of the contract is an object of strings). */
const queryParameters = (query: z.ZodType) => {
  const schema = jsonSchema(query, 'input') as { properties?: Record<string, object>; required?: string[] };
  return Object.entries(schema.properties ?? {}).map(([name, property]) => ({
    name,
    in: 'query',
    required: schema.required?.includes(name) ?? false,
    schema: property,
  }));
};

const NO_CREST = { description: 'No crest with that id: {"error":"notFound"}.' };
const TOO_MANY = { '429': { description: 'Too many requests from this address: ["tooManyRequests"].' } };

/** The news feed of one language (docs/product.md#news): Atom, newest first. */
const feedRead = (operationId: string, description: string, parameters: object[] = []) => ({
  get: {
    operationId,
    description,
    parameters,
    responses: {
      '200': {
        description: "The language's posts as an Atom 1.0 feed.",
        content: { 'application/atom+xml': { schema: { type: 'string' } } },
      },
      ...TOO_MANY,
    },
  },
});

/**
 * The public reads that answer a file rather than JSON, as a community tool fetches them: a clan's
 * crest by the game's crest id (getclan names it), and each language's news feed.
 */
export const FILE_READS: Record<string, object> = {
  [CLAN_CREST_PATH]: {
    get: {
      operationId: 'getClanCrest',
      description: "A clan's crest as a PNG, by the game's crest id (getclan's crestId); kept a year by caches.",
      parameters: queryParameters(clanCrestQuery),
      responses: {
        '200': {
          description: 'The crest.',
          content: { 'image/png': { schema: { type: 'string', contentMediaType: 'image/png' } } },
        },
        '404': NO_CREST,
        ...TOO_MANY,
      },
    },
  },
  '/news.atom': feedRead('getNewsFeed', 'The news in English.'),
  '/{language}/news.atom': feedRead('getNewsFeedInLanguage', 'The news in another of the six languages.', [
    {
      name: 'language',
      in: 'path',
      required: true,
      schema: { type: 'string', enum: LANGUAGES.filter((language) => language !== DEFAULT_LANGUAGE) },
    },
  ]),
};

export const openApiDocument = (info: { title: string; version: string; serverUrl?: string }) => {
  const paths: Record<string, object> = { ...FILE_READS };
  for (const [name, call] of Object.entries(api) as [string, Call][]) {
    if (!isPublicRead(call)) continue;
    const { $schema: _dialect, ...response } = jsonSchema(call.response, 'output');
    paths[call.path] = {
      get: {
        operationId: name,
        ...('query' in call && call.query ? { parameters: queryParameters(call.query) } : {}),
        responses: {
          '200': {
            description: 'The answer.',
            content: { [call.answer === 'text' ? 'text/plain' : 'application/json']: { schema: response } },
          },
          '429': { description: 'Too many requests from this address: ["tooManyRequests"].' },
          '503': { description: 'A database did not answer: ["serviceUnavailable"], with Retry-After.' },
        },
      },
    };
  }
  return {
    openapi: '3.1.0',
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    info: { title: info.title, version: info.version },
    ...(info.serverUrl ? { servers: [{ url: info.serverUrl }] } : {}),
    paths,
  };
};
