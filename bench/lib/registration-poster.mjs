// Part of `npm run bench`: registers new game accounts at RATE per second against URL, each from
// its own address (X-Forwarded-For; the bench site trusts its proxy at 127.0.0.1), with a solved
// ALTCHA captcha, until the parent says stop; then reports what came of them.
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';

const url = process.env.URL;
const rate = Number(process.env.RATE);
const csrf = { cookie: 'XSRF-TOKEN=bench', 'x-xsrf-token': 'bench' };
const outcome = { started: 0, created: 0, refused: {}, failed: 0, times: [] };
let running = true;
let inFlight = 0;

const register = async (n) => {
  const address = `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
  const started = performance.now();
  inFlight += 1;
  try {
    const challenge = await (
      await fetch(`${url}/sdk/captcha/challenge`, { headers: { 'x-forwarded-for': address } })
    ).json();
    const solution = await solveChallenge({ challenge, deriveKey, timeout: 10_000 });
    const captcha = Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
    const username = `bench${process.pid.toString(36)}${n.toString(36)}`.slice(0, 14);
    const response = await fetch(`${url}/sdk/createaccount`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': address, ...csrf },
      body: JSON.stringify({
        username,
        newPassword: 'Bench1!pass',
        confirmPassword: 'Bench1!pass',
        email: `${username}@example.com`,
        confirmEmail: `${username}@example.com`,
        captcha,
      }),
    });
    const answer = await response.json();
    if (response.ok) outcome.created += 1;
    else for (const code of [answer].flat()) outcome.refused[code] = (outcome.refused[code] ?? 0) + 1;
  } catch {
    outcome.failed += 1;
  } finally {
    inFlight -= 1;
    outcome.times.push(performance.now() - started);
  }
};

let n = 0;
const timer = setInterval(() => {
  if (!running) return;
  outcome.started += 1;
  void register((n += 1));
}, 1000 / rate);

process.on('message', () => {
  running = false;
  clearInterval(timer);
  const finish = () => {
    if (inFlight > 0) return setTimeout(finish, 50);
    const times = outcome.times.sort((a, b) => a - b);
    const at = (p) => Math.round(times[Math.min(times.length - 1, Math.ceil(p * times.length) - 1)] ?? 0);
    process.send({ ...outcome, times: undefined, p50Ms: at(0.5), p99Ms: at(0.99) }, () => process.exit(0));
  };
  finish();
});
process.send('started');
