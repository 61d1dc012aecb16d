import { lighthouseFigures } from '/work/main/bench/lighthouse.mjs';
const r = await lighthouseFigures(process.argv[2], ['/', '/register', '/statistics/kills'], 3);
for (const [p, x] of Object.entries(r.pages)) console.log(p, JSON.stringify(x));
