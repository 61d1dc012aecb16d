import { afterEach, describe, expect, it } from 'vitest';
import { type RealmHealth, realmHealth } from './realm-health';

describe('a realm’s health', () => {
  let health: RealmHealth | undefined;
  afterEach(() => health?.stop());

  it('goes down on a failed probe and up on the next that answers, telling each change once', async () => {
    let answers = true;
    const changes: boolean[] = [];
    health = realmHealth({
      initiallyUp: true,
      probe: async () => {
        if (!answers) throw new Error('ECONNREFUSED');
      },
      onChange: (up) => void changes.push(up),
    });
    expect(await health.check()).toBe(true);
    answers = false;
    expect(await health.check()).toBe(false);
    expect(await health.check()).toBe(false);
    answers = true;
    expect(await health.check()).toBe(true);
    expect(changes).toEqual([false, true]);
  });

  it('counts a probe that does not answer in time as down, and asks a slow database once at a time', async () => {
    let asked = 0;
    health = realmHealth({
      initiallyUp: true,
      timeoutMs: 50,
      probe: () => {
        asked++;
        return new Promise(() => undefined);
      },
    });
    const [first, second] = await Promise.all([health.check(), health.check()]);
    expect([first, second]).toEqual([false, false]);
    expect(asked).toBe(1);
  });

  it('probes in the background once started, and a call that found the database gone marks it down at once', async () => {
    let answers = false;
    health = realmHealth({
      initiallyUp: true,
      intervalMs: 20,
      probe: async () => {
        if (!answers) throw new Error('gone');
      },
    });
    health.markDown();
    expect(health.isUp()).toBe(false);
    health.start();
    answers = true;
    await expect.poll(() => health?.isUp(), { timeout: 1_000, interval: 10 }).toBe(true);
  });
});
