// Stands in for two vote sites' APIs (L2TopZone and L2Votes, as features/votes/site-checks.ts asks
// them). A player "votes" with POST /control/vote?site=...&ip=...; the site then answers for that
// address until the vote is confirmed (L2TopZone) or 12 hours have passed.
import { createServer } from 'node:http';

const [port, key] = [Number(process.argv[2]), process.argv[3]];
const votes = new Map();
const recent = (site, ip) => {
  const vote = votes.get(`${site}|${ip}`);
  return vote && Date.now() - vote.at < 12 * 3_600_000 ? vote : undefined;
};
const json = (response, status, body) => {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
};

createServer(async (request, response) => {
  const url = new URL(request.url ?? '/', 'http://x');
  let body = '';
  for await (const chunk of request) body += chunk;
  if (url.pathname === '/control/vote') {
    votes.set(`${url.searchParams.get('site')}|${url.searchParams.get('ip')}`, { at: Date.now(), rewarded: false });
    return json(response, 200, { ok: true });
  }
  const topzone = /^\/l2topzone\/v1\/server_([^/]+)\/(getUserData|confirmVote)$/.exec(url.pathname);
  if (topzone) {
    if (topzone[1] !== key) return json(response, 401, { error: 'bad key' });
    const { ip } = JSON.parse(body || '{}');
    const vote = recent('l2topzone', ip);
    if (topzone[2] === 'confirmVote') {
      if (!vote || vote.rewarded) return json(response, 400, { error: 'nothing to confirm' });
      vote.rewarded = true;
      return json(response, 200, { success: true });
    }
    const open = vote && !vote.rewarded;
    const seconds = (ms) => Math.floor(ms / 1000);
    return json(response, 200, {
      isVoted: Boolean(open),
      voteTime: open ? seconds(vote.at) : 0,
      serverTime: seconds(Date.now()),
    });
  }
  if (url.pathname === '/l2votes/api.php') {
    if (url.searchParams.get('apiKey') !== key) return json(response, 403, { error: 'bad key' });
    return json(response, 200, { status: recent('l2votes', url.searchParams.get('ip')) ? '1' : '0' });
  }
  response.writeHead(404);
  response.end();
}).listen(port, '127.0.0.1');
