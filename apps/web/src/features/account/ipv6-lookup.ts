/** The visitor's IPv6 from the owner's lookup service ({"ip": "..."}); empty when unset or failing. */
export const lookupIpv6 = async (url: string, timeoutMs = 3_000): Promise<string> => {
  if (!url) return '';
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), credentials: 'omit' });
    const answer = (await response.json()) as { ip?: unknown };
    return typeof answer.ip === 'string' && answer.ip.includes(':') ? answer.ip : '';
  } catch {
    return '';
  }
};
