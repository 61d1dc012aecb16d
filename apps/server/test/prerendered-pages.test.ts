import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useSite } from './support/use-site';
import { rawAnswer } from './support/raw-answer';

/** The built page's template, as Vite writes it. */
const TEMPLATE = `<!doctype html>
<html lang="en">
  <head>
    <meta name="gatekeeper:language-storage" content="localStorage" />
    <meta
      name="description"
      content="Lineage II private server."
    />
    <title>Gatekeeper</title>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

/**
 * A stand-in for the page's server-side build: it renders the path it is given and counts its
 * renders, and fails for /downloads, as a broken build would.
 */
const RENDERER = `
globalThis.prerenderCalls = globalThis.prerenderCalls ?? [];
export const renderPage = async (path, language, data) => {
  globalThis.prerenderCalls.push(path);
  if (path === '/downloads') throw new Error('broken page');
  data.textsRead?.add('account');
  const title = path === '/register' ? 'Register & <play> "now" \\u0027here\\u0027' : data.texts.account.tabs.register;
  return '<link rel="preload" as="image" href="/images/flags/en.svg"/>' +
    '<main><h2 class="page-title" tabindex="-1">' + title.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;') +
    '</h2><p>' + data.metadata.chronicle.replace(/</g, '&lt;') + '</p></main>';
};
export const pageTexts = (page, texts, read) => ({
  texts: { page, read: [...read], name: texts.site.name },
  textSections: ['sections of ' + page],
});
export const writtenTexts = (language) => ({ written: { [language + ' opening']: 'written in ' + language + ' </script>' } });`;

const calls = () => (globalThis as { prerenderCalls?: string[] }).prerenderCalls ?? [];

describe('pre-rendered pages', () => {
  let root: string;
  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'gatekeeper-web-'));
    mkdirSync(join(root, 'dist'));
    mkdirSync(join(root, 'dist-ssr'));
    writeFileSync(join(root, 'dist', 'index.html'), TEMPLATE);
    writeFileSync(join(root, 'dist-ssr', 'entry-server.js'), RENDERER);
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const site = useSite('sqlite', {
    databases: { seed: false },
    app: () => ({
      serveWebApp: true,
      env: { WEB_DIST_DIR: join(root, 'dist'), PUBLIC_URL: 'https://l2.example.test' },
      settings: { server: { chronicle: '</script><script>alert(1)</script>' } },
    }),
  });

  it('sends the page in its language with its title, canonical address, hreflang links and preview tags', async () => {
    const response = await fetch(`${site.url}/ru/registratsiya`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('<html lang="ru">');
    expect(html).toContain('<title>Регистрация · Gatekeeper</title>');
    expect(html).toContain('<link rel="canonical" href="https://l2.example.test/ru/registratsiya" />');
    expect(html).toContain('<link rel="alternate" hreflang="pt-BR" href="https://l2.example.test/br/cadastro" />');
    expect(html).toContain('<link rel="alternate" hreflang="x-default" href="https://l2.example.test/register" />');
    expect(html).toContain('<meta property="og:title" content="Регистрация · Gatekeeper" />');
    expect(html).toContain('<meta property="og:locale" content="ru" />');
    // One description, the page language's.
    expect(html.match(/name="description"/g)).toHaveLength(1);
    expect(html).toContain('content="Приватный сервер Lineage II.');
    // The image preloads React puts first are gone; only the header's art is preloaded.
    expect(html).not.toContain('flags/en.svg');
    expect(html).toContain('<link rel="preload" as="image" href="/images/header/header-art.svg"');
    expect(html).toContain('<div id="root"><main><h2 class="page-title" tabindex="-1">Регистрация</h2>');
  });

  it('escapes what the owner wrote wherever it lands: the title and the page data', async () => {
    const html = await (await fetch(`${site.url}/register`)).text();
    const escaped = 'Register &#38; &#60;play&#62; &#34;now&#34; &#39;here&#39; · Gatekeeper';
    expect(html).toContain(`<title>${escaped}</title>`);
    // In an attribute, a quote left as it is would end the value and let the rest become markup.
    expect(html).toContain(`<meta property="og:title" content="${escaped}" />`);
    const data = /<script type="application\/json" id="gatekeeper-page-data">([^]*?)<\/script>/.exec(html)?.[1];
    expect(data).toBeDefined();
    expect(data).not.toContain('</script');
    expect((JSON.parse(data ?? '{}') as { metadata: { chronicle: string } }).metadata.chronicle).toBe(
      '</script><script>alert(1)</script>',
    );
    expect(html.match(/<script/g)).toHaveLength(1);
  });

  it('hands the browser the texts its render wrote in the page language, in the page data', async () => {
    const html = await (await fetch(`${site.url}/ru`)).text();
    const data = /<script type="application\/json" id="gatekeeper-page-data">([^]*?)<\/script>/.exec(html)?.[1];
    expect((JSON.parse(data ?? '{}') as { written?: unknown }).written).toEqual({
      'ru opening': 'written in ru </script>',
    });
  });

  it('hands the browser the texts the renderer chose for the page and what its render read, not the whole file', async () => {
    const html = await (await fetch(`${site.url}/ru/zagruzki`)).text();
    const data = /<script type="application\/json" id="gatekeeper-page-data">([^]*?)<\/script>/.exec(html)?.[1];
    expect(JSON.parse(data ?? '{}')).toMatchObject({
      texts: { page: 'downloads', read: ['account'], name: 'Gatekeeper' },
      textSections: ['sections of downloads'],
    });
  });

  it('renders each page once, answers 304 to its ETag and sends the compressed bytes the browser takes', async () => {
    const before = calls().filter((path) => path === '/lt/atsisiuntimai').length;
    const plain = await fetch(`${site.url}/lt/atsisiuntimai`, { headers: { 'accept-encoding': 'identity' } });
    const etag = plain.headers.get('etag') ?? '';
    expect(etag).toMatch(/^"[\w-]{27}"$/);
    expect(plain.headers.get('vary')).toBe('accept-encoding');
    // A first visit gets the anti-forgery cookie with the page: the answer is the visitor's own.
    expect(plain.headers.get('cache-control')).toBe('private, no-cache');
    const text = await plain.text();

    const gzip = await fetch(`${site.url}/lt/atsisiuntimai?from=discord`, { headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(await gzip.text()).toBe(text);
    const raw = (await rawAnswer(`${site.url}/lt/atsisiuntimai`, 'GET', { 'accept-encoding': 'gzip' })).body;
    expect(gunzipSync(raw).toString('utf8')).toBe(text);

    const revalidated = await fetch(`${site.url}/lt/atsisiuntimai`, { headers: { 'if-none-match': etag } });
    expect(revalidated.status).toBe(304);
    expect(await revalidated.text()).toBe('');
    expect(calls().filter((path) => path === '/lt/atsisiuntimai').length - before).toBe(1);
  });

  it('sends the home page for /index.html', async () => {
    const response = await fetch(`${site.url}/index.html`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('<title>Gatekeeper · Lineage II private server</title>');
  });

  it('answers an unknown path with the not-found page of its language and 404', async () => {
    const response = await fetch(`${site.url}/es/no-existe`);
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain('<html lang="es">');
    expect(calls()).toContain('/es/notfound');
  });

  it('sends the plain page when a page cannot be rendered, and tries again on the next request', async () => {
    const response = await fetch(`${site.url}/downloads`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('<div id="root"></div>');
    expect(response.headers.get('etag')).toBeNull();
    await fetch(`${site.url}/downloads`);
    expect(calls().filter((path) => path === '/downloads')).toHaveLength(2);
  });
});
