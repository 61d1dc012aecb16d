// The printed report of `npm run bench`: one section per figure, each with its target.

const ratioCell = (ratio) => `${Math.round(ratio * 100)}%`.padStart(5);
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;
const cpuCell = (r) =>
  r.siteCpuUs === undefined || r.bareCpuUs === undefined
    ? '-'
    : `${r.siteCpuUs.toFixed(1)} / ${r.bareCpuUs.toFixed(1)} µs`;

const printFrontDoor = (rows, run) => {
  console.log(
    `\nEvery public GET next to a bare node:http server sending the same bytes and headers from its own process` +
      ` (${run.connections} connections, ${run.rounds} rounds of ${run.duration} s alternating, median round; as a browser asks: ${'gzip, deflate, br'}; target: at least 85%)`,
  );
  console.log(
    `  ${'call'.padEnd(34)}${'sent'.padStart(16)}${'bare req/s'.padStart(12)}${'site req/s'.padStart(12)}${'ratio'.padStart(7)}${'site p99'.padStart(10)}${'errors'.padStart(8)}${'CPU per request site / bare'.padStart(29)}   rounds`,
  );
  for (const r of rows) {
    console.log(
      `  ${r.label.padEnd(34)}${`${r.bytes} B ${r.encoding === 'identity' ? '' : r.encoding}`.padStart(16)}${String(r.bareRps).padStart(12)}${String(r.siteRps).padStart(12)}${ratioCell(r.ratio).padStart(7)}${`${r.siteP99Ms} ms`.padStart(10)}${String(r.errors).padStart(8)}${cpuCell(r).padStart(29)}   ${r.rounds.join('% ')}%${r.status === 200 ? '' : `   (HTTP ${r.status})`}`,
    );
  }
  const under = rows.filter((r) => r.ratio < 0.85);
  console.log(
    under.length === 0
      ? `  all ${rows.length} at 85% or more`
      : `  under 85%: ${under.map((r) => `${r.label} ${ratioCell(r.ratio).trim()}`).join(', ')}`,
  );
  console.log(
    '  CPU per request: the CPU time each server process used over a round divided by the requests it answered (median round); unlike requests per second, it does not depend on how fast the load generator is',
  );
};

const printLogging = (logging, run) => {
  console.log(`\nWhat the access log costs (same side by side; bytes the site logged per request)`);
  console.log(`  ${'setting'.padEnd(30)}${run.loggedPaths.map((path) => path.padStart(26)).join('')}`);
  for (const [mode, byPath] of Object.entries(logging)) {
    const cells = run.loggedPaths.map((path) => {
      const r = byPath[path];
      return `${ratioCell(r.ratio).trim()}, ${Math.round(r.loggedBytesPerRequest)} B/req`.padStart(26);
    });
    console.log(`  ${mode.padEnd(30)}${cells.join('')}`);
  }
};

const printRegistrations = (byFlavor, run) => {
  console.log(
    `\n${byFlavor.l2j.ranking} at ${run.readsPerS} requests/s, alone and while ${run.registrationsPerS} players/s register (each: a captcha challenge, its check, the password hashed, the account written; target: p99 under 20 ms)`,
  );
  for (const [flavor, r] of Object.entries(byFlavor)) {
    const hash = flavor === 'acis' ? 'BCrypt cost 10' : 'SHA-1';
    const refused = Object.entries(r.registrations.refused)
      .map(([code, count]) => `${count} ${code}`)
      .join(', ');
    console.log(
      `  ${`${flavor} (${hash})`.padEnd(24)} alone: p99 ${r.quiet.p99Ms} ms (max ${r.quiet.maxMs})   registering: p99 ${r.busy.p99Ms} ms (max ${r.busy.maxMs}), ${r.busy.rps} req/s` +
        `   registrations: ${r.registrations.created} created of ${r.registrations.started}${refused ? `, refused: ${refused}` : ''}${r.registrations.failed ? `, ${r.registrations.failed} failed` : ''}; each answered in ${r.registrations.p50Ms} ms p50, ${r.registrations.p99Ms} ms p99`,
    );
  }
};

const printSignIns = (byFlavor, run) => {
  console.log(
    `\nSign-ins for ${run.signInSeconds} s, ${byFlavor.l2j.concurrency} at a time (each: a captcha challenge, its check, the password checked, a session written), and a signed-in view of My account: its page (the pre-rendered shell, the same bytes for everyone) and its read (GET /sdk/account: the session looked up, the account read), beside a public read (GET /sdk/getmetadata), ${run.connections} connections`,
  );
  for (const [flavor, r] of Object.entries(byFlavor)) {
    const hash = flavor === 'acis' ? 'BCrypt cost 10' : 'SHA-1';
    const refused = Object.entries(r.refused)
      .map(([code, count]) => `${count} ${code}`)
      .join(', ');
    const read = (x) =>
      `${x.rps} req/s, p50 ${x.p50Ms} ms, p99 ${x.p99Ms} ms${x.non2xx ? `, ${x.non2xx} not 2xx` : ''}`;
    console.log(
      `  ${`${flavor} (${hash})`.padEnd(24)} ${r.signInsPerS} sign-ins/s, p50 ${r.p50Ms} ms, p99 ${r.p99Ms} ms${refused ? `, refused: ${refused}` : ''}`,
    );
    console.log(`  ${''.padEnd(24)} account read: ${read(r.accountRead)}   public read: ${read(r.publicRead)}`);
    if (r.accountPage) console.log(`  ${''.padEnd(24)} page /account: ${read(r.accountPage)}`);
  }
};

const printHostile = (hostile) => {
  console.log(
    '\nA ranking while another process posts register forms in two loops (target: p99 with a huge email as with the 12-byte control)',
  );
  console.log(
    `  quiet:${' '.repeat(22)}${String(hostile.quiet.siteRps).padStart(8)} req/s   p99 ${hostile.quiet.siteP99Ms} ms`,
  );
  for (const [size, r] of Object.entries(hostile.underLoad)) {
    console.log(
      `  with ${size.padEnd(6)} emails posted: ${String(r.siteRps).padStart(8)} req/s   p99 ${r.siteP99Ms} ms   (${r.posts} posts, slowest answered in ${r.slowestPostMs} ms)`,
    );
  }
};

const printClanPages = (clanPages) => {
  console.log('\n/healthz while visitors ask for many clan pages (target: p99 under 50 ms)');
  if (clanPages.skipped) {
    console.log(`  skipped: ${clanPages.skipped}`);
    return;
  }
  console.log(`  quiet:${' '.repeat(40)}p99 ${clanPages.quietP99Ms} ms`);
  console.log(
    `  ${clanPages.clients} clients over ${clanPages.pages} clan pages (30 clans × 6 languages): p99 ${clanPages.busyP99Ms} ms, max ${clanPages.busyMaxMs} ms   (${clanPages.pagesAsked} pages asked, slowest ${clanPages.slowestPageMs} ms)`,
  );
};

const printHomeTransfer = (transfer) => {
  console.log(
    '\nThe home page cold in Chromium: JavaScript transferred until the network is idle (target: at most 100 KB)',
  );
  if (transfer.skipped) {
    console.log(`  skipped: ${transfer.skipped}`);
    return;
  }
  console.log(
    `  ${transfer.totalKb.toFixed(1)} KB (${transfer.totalKib.toFixed(1)} KiB) in ${transfer.scripts.length} scripts`,
  );
  for (const s of transfer.scripts) console.log(`    ${s.path.padEnd(44)} ${kb(s.bytes).padStart(10)}  ${s.encoding}`);
  if (transfer.scripts[0]) console.log(`  Chromium asked for: accept-encoding: ${transfer.scripts[0].asked}`);
};

const printCluster = (cluster, run) => {
  console.log(
    `\nThrough nginx, round robin, with one and with two instances (${run.connections} connections, ${run.duration} s; nginx, the instances and the load generator share this machine's cores)`,
  );
  if (cluster.skipped) {
    console.log(`  skipped: ${cluster.skipped}`);
    return;
  }
  console.log('  path                        one instance                          two instances');
  for (const path of run.clusterPaths) {
    const [one, two] = [cluster[1][path], cluster[2][path]];
    const cell = (r) => `${r.rps} req/s, p99 ${r.p99Ms} ms${r.errors ? `, ${r.errors} errors` : ''}`;
    console.log(`  ${path.padEnd(28)}${cell(one).padEnd(38)}${cell(two)}`);
  }
};

const printLighthouse = (phone, run) => {
  console.log(
    `\nLighthouse, mobile preset with simulated throttling, median of ${run.lighthouseRuns} runs for each figure (targets of docs/performance.md: performance at least 98, accessibility 100, LCP at most 1.5 s, TBT at most 50 ms, CLS at most 0.02)`,
  );
  if (phone.skipped) {
    console.log(`  skipped: ${phone.skipped}`);
    return;
  }
  console.log(
    '  page                 performance   accessibility      LCP      FCP      TBT     CLS   machine   runs: score / TBT ms / LCP ms',
  );
  for (const [path, r] of Object.entries(phone.pages)) {
    if (r.performance === undefined) {
      console.log(`  ${path.padEnd(20)}every run failed: ${r.failed.join('; ')}`);
      continue;
    }
    if (r.failed.length > 0) console.log(`  ${path}: ${r.failed.length} run(s) failed: ${r.failed.join('; ')}`);
    console.log(
      `  ${path.padEnd(20)}${String(r.performance).padStart(12)}${String(r.accessibility).padStart(16)}${`${(r.lcpMs / 1000).toFixed(1)} s`.padStart(9)}${`${(r.fcpMs / 1000).toFixed(1)} s`.padStart(9)}${`${r.tbtMs} ms`.padStart(9)}${String(r.cls).padStart(8)}${String(r.benchmarkIndex).padStart(10)}   ${r.runs.join(' ')} / ${r.tbtRuns.join(' ')} / ${r.lcpRuns.join(' ')}`,
    );
    if (r.failedAccessibility.length > 0)
      console.log(`    accessibility audits failed: ${r.failedAccessibility.join(', ')}`);
  }
  console.log(
    "  machine: Lighthouse's benchmark index of this machine during the runs (median; higher is faster); below 1,000 Lighthouse warns that the CPU is too slow for its simulated figures",
  );
  printFirstVisits(phone.pages);
};

/** A page's first visit on a phone, at most this many KiB compressed (docs/performance.md#first-visit). */
export const FIRST_VISIT_BUDGET_KIB = 75;
/** Over the budget by more than this share: the bench fails. */
const FIRST_VISIT_SLACK = 0.05;
const kib = (bytes) => `${(bytes / 1024).toFixed(1)}`;

/** Each page's first-visit bytes by kind, against the budget; the pages over it by more than 5 %. */
export const firstVisitsOverBudget = (pages) =>
  Object.entries(pages ?? {})
    .filter(([, r]) => r.bytes && r.bytes.total > FIRST_VISIT_BUDGET_KIB * 1024 * (1 + FIRST_VISIT_SLACK))
    .map(([path]) => path);

const printFirstVisits = (pages) => {
  console.log(
    `\nFirst visit on a phone, KiB transferred (compressed) until loaded and idle, by kind; budget ${FIRST_VISIT_BUDGET_KIB} KiB a page, the bench fails past ${FIRST_VISIT_BUDGET_KIB * (1 + FIRST_VISIT_SLACK)} KiB`,
  );
  console.log('  page                   document   script    style     font    image    other    total');
  const over = firstVisitsOverBudget(pages);
  for (const [path, r] of Object.entries(pages)) {
    if (!r.bytes) continue;
    const b = r.bytes;
    const cells = [b.document, b.script, b.style, b.font, b.image, b.other, b.total].map((value) =>
      kib(value).padStart(9),
    );
    console.log(`  ${path.padEnd(22)}${cells.join('')}${over.includes(path) ? '   OVER BUDGET' : ''}`);
  }
};

const printColdQueries = (cold) => {
  console.log(
    '\nRankings: each list, and one full refresh, over a generated 100,000-character world on MariaDB; and one full refresh of the World pages',
  );
  if (cold.skipped) {
    console.log(`  skipped: ${cold.skipped} (set BENCH_MARIADB_URL=mysql://user:password@host:3306/)`);
    return;
  }
  console.log(
    `  ${cold.world.characters} characters, ${cold.world.accounts} accounts (${cold.world.bannedAccounts} banned), ${cold.world.clans} clans; built in ${cold.generateSeconds} s; ${cold.runs} runs each (targets: a list under 50 ms, one refresh under 500 ms)`,
  );
  console.log(`  ${'list'.padEnd(28)}  without indexes p50 / p99      with the owner's indexes p50 / p99`);
  for (const [list, without] of Object.entries(cold.withoutIndexes)) {
    const withIndexes = cold.withIndexes[list];
    console.log(
      `  ${list.padEnd(28)}  ${`${without.p50} / ${without.p99} ms`.padStart(24)}      ${`${withIndexes.p50} / ${withIndexes.p99} ms`.padStart(24)}`,
    );
  }
  const refresh = cold.withoutIndexes['one full refresh'];
  if (refresh) {
    console.log(
      `  The site refreshes every 60 s by default (statistics.refreshSeconds): ${refresh.p50} ms of database time a minute without the indexes, ${(refresh.p50 / 600).toFixed(2)}% of one connection's time`,
    );
  }
  const world = cold.worldRefresh;
  if (world) {
    console.log(
      `  World pages, one full refresh (${world.bosses} bosses): database time p50 ${world.databaseP50} ms, p99 ${world.databaseP99} ms (target: under 500 ms), ${(world.databaseP50 / 600).toFixed(2)}% of one connection's time at the default 60 s (world.refreshSeconds); with the answers made and compressed p50 ${world.p50} ms, p99 ${world.p99} ms`,
    );
  }
};

export const printReport = (figures, run) => {
  // A partial run (BENCH_ONLY) has only some of the figures: each section prints when it has its own.
  const has = (key) => figures[key] !== undefined;
  if (has('frontDoor')) printFrontDoor(figures.frontDoor, run);
  if (has('logging')) printLogging(figures.logging, run);
  if (has('registrations')) printRegistrations(figures.registrations, run);
  if (has('signIns')) printSignIns(figures.signIns, run);
  if (has('hostile')) printHostile(figures.hostile);
  if (has('clanPages')) printClanPages(figures.clanPages);
  if (has('homeTransfer')) printHomeTransfer(figures.homeTransfer);
  if (has('rssMb'))
    console.log(`\nResident memory of the site after the runs above: ${figures.rssMb} MB (target: at most 200 MB)`);
  if (has('cluster')) printCluster(figures.cluster, run);
  if (has('lighthouse')) printLighthouse(figures.lighthouse, run);
  if (has('coldQueries')) printColdQueries(figures.coldQueries);
};
