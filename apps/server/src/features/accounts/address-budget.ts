import { isIPv6 } from 'node:net';
import type { KeyValueStore } from '../../infra/key-value-store';
import { visitorIpv4 } from '../../infra/client-address';

const HOUR_MS = 60 * 60_000;

/**
 * The address a budget is kept for: an IPv4 address, or the /64 network of an IPv6 one (one
 * subscriber usually holds a whole /64 and could otherwise take a fresh address per guess).
 */
export const budgetAddress = (ip: string): string => {
  const ipV4 = visitorIpv4(ip);
  if (ipV4 || !isIPv6(ip)) return ipV4 || ip;
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const groups = (part: string) => (part === '' ? [] : part.split(':'));
  const [first, last] = [groups(head), groups(tail)];
  const missing = 8 - first.length - last.length - (ip.includes('.') ? 1 : 0);
  const full = [...first, ...Array.from({ length: Math.max(0, missing) }, () => '0'), ...last];
  return `${full
    .slice(0, 4)
    .map((group) => Number.parseInt(group, 16).toString(16))
    .join(':')}::/64`;
};

/**
 * Wrong credentials one address may give per hour over all accounts: past the budget it gets
 * tooManyAttempts without any account being checked, so one address cannot lock many accounts.
 * A check takes its share before it runs (requests sent together each take their own), and gives
 * it back when the answer was right or no check ran.
 */
export const addressBudget = (store: KeyValueStore, failedChecksPerHour: number) => {
  const key = (ip: string) => `address-failures:${budgetAddress(ip)}`;
  return {
    /** Takes one check from the budget: false, and nothing to give back, when none was left. */
    take: async (ip: string): Promise<boolean> => {
      if ((await store.increment(key(ip), HOUR_MS)) <= failedChecksPerHour) return true;
      await store.decrement(key(ip));
      return false;
    },
    giveBack: async (ip: string): Promise<void> => {
      await store.decrement(key(ip));
    },
  };
};
