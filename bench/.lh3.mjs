import { lighthouseFigures } from '/work/wt/prerender/bench/lighthouse.mjs';
const r = await lighthouseFigures(process.argv[2], ['/', '/register', '/statistics/kills'], 1);
for (const [p, x] of Object.entries(r.pages)) console.log(p, JSON.stringify(x));
