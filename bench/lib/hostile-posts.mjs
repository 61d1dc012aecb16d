// Part of `npm run bench`: a ranking while huge field values are posted.
import { spawn } from 'node:child_process';
import { load } from './load.mjs';

/**
 * A ranking's p99 while somebody posts huge field values in a loop (one 60 KB email once
 * froze the event loop for 22 s here). Two loops post a register form whose email is the worst
 * case of a backtracking email pattern: 60 KB inside the body limit (it reaches validation), and
 * 1 MB (refused by the body limit).
 */
// The 12-byte email is the control: the same two loops of posts, with nothing huge in them.
const HOSTILE_EMAILS = { '12 B': 8, '60 KB': 60_000, '1 MB': 1_000_000 };
/** Two loops posting one body, in their own process so they do not slow the load generator. */
const HOSTILE_POSTER = `
  const dots = Number(process.env.DOTS);
  const email = 'a@' + '.'.repeat(dots) + '@';
  const body = JSON.stringify({ username: 'hostile01', newPassword: 'Aa1!aaaa', confirmPassword: 'Aa1!aaaa',
    email, confirmEmail: 'a@b.cd', captcha: 'x' });
  let running = true, posts = 0, slowestMs = 0;
  process.on('message', () => { running = false; });
  const poster = async () => {
    while (running) {
      const started = performance.now();
      await fetch(process.env.URL, { method: 'POST', body,
        headers: { 'content-type': 'application/json', cookie: 'XSRF-TOKEN=bench', 'x-xsrf-token': 'bench' } })
        .then((response) => response.arrayBuffer(), () => undefined);
      slowestMs = Math.max(slowestMs, performance.now() - started);
      posts += 1;
    }
  };
  Promise.all([poster(), poster()]).then(() => process.send({ posts, slowestMs }, () => process.exit(0)));
`;
export const rankingUnderHostilePosts = async ({ siteUrl, ranking, connections, duration }) => {
  const url = `${siteUrl}${ranking}`;
  const options = { connections, duration };
  const quiet = await load(url, options);
  const underLoad = {};
  for (const [size, dots] of Object.entries(HOSTILE_EMAILS)) {
    const child = spawn(process.execPath, ['-e', HOSTILE_POSTER], {
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
      env: { ...process.env, DOTS: String(dots), URL: `${siteUrl}/sdk/createaccount` },
    });
    const done = new Promise((resolve) => child.once('message', resolve));
    const result = await load(url, options);
    child.send('stop');
    const { posts, slowestMs } = await done;
    underLoad[size] = {
      siteRps: Math.round(result.requests.average),
      siteP99Ms: result.latency.p99,
      posts,
      slowestPostMs: Math.round(slowestMs),
    };
  }
  return { quiet: { siteRps: Math.round(quiet.requests.average), siteP99Ms: quiet.latency.p99 }, underLoad };
};
