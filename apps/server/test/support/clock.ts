/** The app's clock (AppDependencies.now) that a test moves forward; it runs with real time. */
export interface TestClock {
  now: () => number;
  advance(ms: number): void;
}

export const testClock = (): TestClock => {
  let offset = 0;
  return {
    now: () => Date.now() + offset,
    advance: (ms) => {
      offset += ms;
    },
  };
};
