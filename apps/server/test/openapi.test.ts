import { FILE_READS, api, isPublicRead } from '@gatekeeper/contract';
import { SAMPLE_INPUTS } from '@gatekeeper/contract/sample-inputs';
import { Ajv2020 } from 'ajv/dist/2020';
import { describe, expect, it } from 'vitest';
import { DATABASE_KINDS, type DatabaseKind } from './databases';
import { useSite } from './support/use-site';

/** docs/product.md#openapi: /sdk/openapi.json describes every public read, and the answers fit it. */

interface Operation {
  operationId: string;
  parameters?: { name: string; in: string; required: boolean; schema?: { enum?: string[] } }[];
  responses: { '200': { content: Record<string, { schema: object }> } };
}
interface Document {
  openapi: string;
  paths: Record<string, { get?: Operation; post?: unknown }>;
}

describe.each(DATABASE_KINDS)('the OpenAPI document on %s', (kind: DatabaseKind) => {
  const site = useSite(kind, { app: { settings: { online: { listPlayers: true } } } });
  const fetchDocument = async (): Promise<Document> => {
    const response = await fetch(`${site.site.url}/sdk/openapi.json`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    return (await response.json()) as Document;
  };

  it('is OpenAPI 3.1 and names every public GET of the contract, and nothing else', async () => {
    const document = await fetchDocument();
    expect(document.openapi).toBe('3.1.0');
    const publicReads = Object.entries(api).filter(([, call]) => isPublicRead(call));
    // The rankings, the server status and the online calls are among them.
    for (const name of ['getKillsStatistics', 'getServerStatus', 'getOnlineHistory', 'getOnlinePlayers']) {
      expect(publicReads.map(([n]) => n)).toContain(name);
    }
    expect(Object.keys(document.paths).sort()).toEqual(
      [...publicReads.map(([, call]) => call.path), ...Object.keys(FILE_READS)].sort(),
    );
    for (const [name, call] of publicReads) expect(document.paths[call.path]?.get?.operationId).toBe(name);
    // The signed-in account's reads and every write stay out.
    expect(document.paths[api.getAccount.path]).toBeUndefined();
    expect(document.paths[api.createAccount.path]).toBeUndefined();
  });

  it("describes each read's query, and its schemas accept the site's real answers", async () => {
    const document = await fetchDocument();
    const ajv = new Ajv2020({ strict: false });
    for (const [path, item] of Object.entries(document.paths)) {
      if (path in FILE_READS) continue; // files, not JSON: the next test
      const operation = item.get!;
      const name = operation.operationId as keyof typeof api;
      const call = api[name];
      const query =
        'query' in call && call.query ? (SAMPLE_INPUTS as Record<string, Record<string, unknown>>)[name] : undefined;
      expect((operation.parameters ?? []).map((parameter) => parameter.name).sort(), path).toEqual(
        Object.keys(query ?? {}).sort(),
      );
      const url = new URL(`${site.site.url}${path}`);
      for (const [key, value] of Object.entries(query ?? {})) url.searchParams.set(key, String(value));
      const response = await fetch(url);
      if (response.status !== 200) continue; // a sample key that is no one's answers an error list, not the read
      const [type, media] = Object.entries(operation.responses['200'].content)[0]!;
      expect(response.headers.get('content-type'), path).toContain(type);
      const answer = type === 'text/plain' ? await response.text() : await response.json();
      const validate = ajv.compile(media.schema);
      expect(validate(answer), `${path}: ${JSON.stringify(validate.errors)}`).toBe(true);
    }
  });

  it('describes the crest and the news feeds as the files a tool fetches', async () => {
    const document = await fetchDocument();
    const crest = document.paths['/clan-crest.png']!.get!;
    expect(crest.parameters).toEqual([
      expect.objectContaining({ name: 'id', in: 'query', required: true }),
      expect.objectContaining({ name: 'realm', in: 'query', required: false }),
    ]);
    expect(Object.keys(crest.responses['200'].content)).toEqual(['image/png']);
    const missing = await fetch(`${site.site.url}/clan-crest.png?id=2147483000`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: 'notFound' });
    for (const [documented, path] of [
      ['/news.atom', '/news.atom'],
      ['/{language}/news.atom', '/ru/news.atom'],
    ] as const) {
      const feed = document.paths[documented]!.get!;
      const [type] = Object.keys(feed.responses['200'].content);
      const response = await fetch(`${site.site.url}${path}`);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-type'), path).toContain(type);
      expect(await response.text(), path).toMatch(/^<\?xml[^>]*>\s*<feed xmlns="http:\/\/www.w3.org\/2005\/Atom"/);
    }
    const languages = document.paths['/{language}/news.atom']!.get!.parameters![0]!.schema?.enum;
    expect(languages).toEqual(['ru', 'gr', 'es', 'br', 'lt']);
  });

  it('refuses an answer the schema does not describe', async () => {
    const document = await fetchDocument();
    const ajv = new Ajv2020({ strict: false });
    const validate = ajv.compile(
      document.paths[api.getOnlineHistory.path]!.get!.responses['200'].content['application/json']!.schema,
    );
    expect(validate({ day: { times: 'now' } })).toBe(false);
  });
});
