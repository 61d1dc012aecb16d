import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import react from '@vitejs/plugin-react';
import { type Plugin, defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

/** The locale files live in @gatekeeper/texts (the server writes its mails from them too). */
const TEXTS_DIR = dirname(createRequire(import.meta.url).resolve('@gatekeeper/texts'));
const LOCALES_DIR = join(TEXTS_DIR, 'locales');
const GAME_NAMES_DIR = join(TEXTS_DIR, 'game-names');
const LOCALE_FILE = /^\/([a-z]{2})\.json$/;
const GAME_NAMES_FILE = /^\/([a-z]{2})\/([a-z]+)\.json$/;

/** Every file the page may fetch under /locales/: its path there and where it lives in the texts package. */
const localeFiles = (): { path: string; file: string }[] => [
  ...readdirSync(LOCALES_DIR)
    .filter((name) => name.endsWith('.json'))
    .map((name) => ({ path: name, file: join(LOCALES_DIR, name) })),
  ...readdirSync(GAME_NAMES_DIR).flatMap((code) =>
    readdirSync(join(GAME_NAMES_DIR, code))
      .filter((name) => name.endsWith('.json'))
      .map((name) => ({ path: `${code}/${name}`, file: join(GAME_NAMES_DIR, code, name) })),
  ),
];

/**
 * The page fetches /locales/<code>.json and the game's names, /locales/<code>/<kind>.json
 * (decision 047): served from the texts package in dev, copied into the build.
 */
const locales = (): Plugin => ({
  name: 'gatekeeper-locales',
  configureServer(server) {
    server.middlewares.use('/locales', (request, response, next) => {
      const url = request.url ?? '';
      const path = LOCALE_FILE.test(url) || GAME_NAMES_FILE.test(url) ? url.slice(1) : undefined;
      const found = path === undefined ? undefined : localeFiles().find((entry) => entry.path === path);
      if (!found) return next();
      response.setHeader('content-type', 'application/json');
      response.end(readFileSync(found.file));
    });
  },
  buildStart() {
    for (const { path, file } of localeFiles()) {
      this.addWatchFile(file);
      this.emitFile({ type: 'asset', fileName: `locales/${path}`, source: readFileSync(file) });
    }
  },
});

const FLAGS_DIR = join(dirname(new URL(import.meta.url).pathname), 'public/images/flags');
const FLAG_SPRITE = '/images/flags/all.svg';

/**
 * The language bar's flags (public/images/flags/<code>.svg, 30 by 20) in one file, one below the
 * other, each a view by its code (`all.svg#ru`): one request on a first visit instead of six.
 */
const flagSprite = (): string => {
  const codes = readdirSync(FLAGS_DIR)
    .filter((name) => /^[a-z]{2}\.svg$/.test(name))
    .map((name) => name.slice(0, 2))
    .sort();
  const parts = codes.map((code, index) => {
    const svg = readFileSync(join(FLAGS_DIR, `${code}.svg`), 'utf8');
    const inner = svg.replace(/^[\s\S]*?<svg[^>]*>/, '').replace(/<\/svg>\s*$/, '');
    const y = index * 20;
    return `<view id="${code}" viewBox="0 ${y} 30 20"/><svg y="${y}" width="30" height="20" viewBox="0 0 30 20">${inner}</svg>`;
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 30 ${codes.length * 20}">${parts.join('')}</svg>\n`;
};

const flags = (): Plugin => ({
  name: 'gatekeeper-flags',
  configureServer(server) {
    server.middlewares.use(FLAG_SPRITE, (_request, response) => {
      response.setHeader('content-type', 'image/svg+xml');
      response.end(flagSprite());
    });
  },
  buildStart() {
    this.emitFile({ type: 'asset', fileName: FLAG_SPRITE.slice(1), source: flagSprite() });
  },
});

/**
 * The page's script starts loading once the pre-rendered page has painted whole: on a phone's
 * link the HTML, its stylesheet and the first screen's images (the header's art, the largest
 * paint) get the round trips, and the script follows a frame after the page's load event, or
 * after 3 s should an image hang (decision 022). A tab opened in the background paints nothing,
 * so it loads at once. The loader is inline, so the server allows it by its hash in the
 * Content-Security-Policy.
 */
const scriptAfterFirstPaint = (): Plugin => ({
  name: 'gatekeeper-script-after-first-paint',
  apply: 'build',
  transformIndexHtml: {
    order: 'post',
    handler: (html) => {
      const entry = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(html);
      if (!entry?.[1]) throw new Error('gatekeeper-script-after-first-paint: no module script in index.html');
      const loader =
        `(function(){var done=false;function load(){if(done)return;done=true;` +
        `var s=document.createElement('script');s.type='module';s.crossOrigin='';s.src=${JSON.stringify(entry[1])};` +
        `document.head.appendChild(s)}` +
        `function painted(){requestAnimationFrame(function(){setTimeout(load)})}` +
        `if(document.visibilityState==='hidden')load();` +
        `else{if(document.readyState==='complete')painted();else{addEventListener('load',painted);setTimeout(load,3000)}` +
        `document.addEventListener('visibilitychange',load)}})()`;
      return html.replace(entry[0], '').replace('</body>', `  <script>${loader}</script>\n  </body>`);
    },
  },
});

/**
 * Every module the entry imports statically, in one chunk (decision 048): they all load before the
 * page hydrates anyway, and as a dozen small chunks each cost its own request and response
 * headers (about a kilobyte each on a phone's first visit). The pages, the forms and the rest
 * the entry imports dynamically stay in their own chunks.
 */
const firstLoad = () => {
  const modules = new Set<string>();
  const plugin: Plugin = {
    name: 'gatekeeper-first-load',
    apply: 'build',
    buildEnd() {
      const entries = [...this.getModuleIds()].filter((id) => this.getModuleInfo(id)?.isEntry);
      const queue = [...entries];
      for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
        if (modules.has(id)) continue;
        modules.add(id);
        queue.push(...(this.getModuleInfo(id)?.importedIds ?? []));
      }
    },
  };
  return { plugin, test: (id: string) => modules.has(id) };
};
const firstLoadChunk = firstLoad();

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    react(),
    ...(isSsrBuild ? [] : [firstLoadChunk.plugin]),
    // The server-side build (src/entry-server.tsx, decision 022) is a module for the server
    // to import, not files to serve.
    ...(isSsrBuild ? [] : [locales(), flags(), scriptAfterFirstPaint()]),
    // The server sends these pre-compressed files as they are (no compression per request).
    !isSsrBuild &&
      compression({
        algorithms: [defineAlgorithm('gzip', { level: 9 }), defineAlgorithm('brotliCompress')],
        include: /\.(js|css|html|svg|json)$/,
        threshold: 512,
      }),
  ],
  build: isSsrBuild
    ? { target: 'node20', outDir: 'dist-ssr', emptyOutDir: true, copyPublicDir: false }
    : {
        target: 'es2022',
        // bench/ reads which chunks the home route loads first.
        manifest: true,
        assetsInlineLimit: 0,
        // One stylesheet for every page: the pre-rendered page is styled before any script runs,
        // whichever page it is (decision 022).
        cssCodeSplit: false,
        // No module preloads: on a phone's link they would share the first round trips with the
        // stylesheet and the header's art, the largest element (Lighthouse mobile LCP 2.1-2.4 s
        // with them, 1.6-1.8 s without; decision 022). A chunk's imports then load after it.
        modulePreload: false,
        rolldownOptions: {
          output: { codeSplitting: { groups: [{ name: 'first-load', test: firstLoadChunk.test }] } },
        },
      },
  // One self-contained module: the server imports it without resolving the web app's packages.
  ssr: { noExternal: true },
  // React's production build in the server's module too: Vite fixes NODE_ENV for the browser only,
  // and the server does not set it, so the pages were rendered by React's development build.
  ...(isSsrBuild ? { define: { 'process.env.NODE_ENV': JSON.stringify('production') } } : {}),
  server: {
    proxy: { '/sdk': 'http://localhost:8080', '/healthz': 'http://localhost:8080' },
  },
}));
