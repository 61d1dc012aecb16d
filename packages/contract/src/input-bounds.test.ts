import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { api } from './api';
import { LIMITS } from './constants';
import { emailField, isEmailAddress, formFields } from './rules';
import { SAMPLE_INPUTS } from './sample-inputs';

const samples: Record<string, Record<string, unknown>> = SAMPLE_INPUTS;

/**
 * ReDoS guard: every string a call accepts is bounded before any pattern or refinement runs,
 * so a huge value is refused at once, and the e-mail check is linear. The timed assertions here
 * are the ones the issue asks for (a 1 MB value is answered within 50 ms).
 */

const BUDGET_MS = 50;
const MEGABYTE = 1024 * 1024;

/** Repeats `unit` to `length` characters and ends with `tail`. */
const filled = (length: number, head: string, unit: string, tail = '') =>
  head + unit.repeat(Math.ceil((length - head.length - tail.length) / unit.length)) + tail;

/**
 * The shapes that hurt a backtracking pattern: a dot-heavy domain that fails at the very end (the
 * old e-mail pattern took seconds on 64 KB of it), '@'-heavy text, and plain text. None of them
 * trims to empty.
 */
const hostileValues = (length: number) => ({
  dotHeavyAddress: filled(length, 'a@', 'a.', ' x'),
  atHeavy: filled(length, 'a', '@a.'),
  plain: filled(length, '', 'a'),
  fullWidth: filled(length, '', '\uFF41\u0000'),
});

/** Every call's request schemas (body or query) with their fields. */
const inputSchemas = Object.entries(api).flatMap(([name, call]) =>
  (['body', 'query'] as const).flatMap((part) => {
    const schema = (call as Partial<Record<typeof part, z.ZodType>>)[part];
    return schema ? [{ name, schema: schema as z.ZodObject }] : [];
  }),
);

/**
 * The result of `run` and its cost: the least of three runs, so that a garbage collection or a
 * busy machine's pause during one run is not taken for the cost of the check (a backtracking
 * pattern is slow every time).
 */
const timed = <T>(run: () => T): { result: T; ms: number } => {
  let best = Infinity;
  let result = run();
  for (let i = 0; i < 3; i += 1) {
    const started = performance.now();
    result = run();
    best = Math.min(best, performance.now() - started);
  }
  return { result, ms: best };
};

describe('every field of every request is bounded before any pattern runs', () => {
  it('has a valid sample for each call that takes input, and the sample passes', () => {
    expect(inputSchemas.map(({ name }) => name).sort()).toEqual(Object.keys(SAMPLE_INPUTS).sort());
    for (const { name, schema } of inputSchemas) {
      expect({ name, issues: schema.safeParse(samples[name]).error?.issues ?? [] }).toEqual({ name, issues: [] });
    }
  });

  it(`refuses a 1 MB value in each field within ${BUDGET_MS} ms, on that field`, () => {
    const slow: string[] = [];
    const accepted: string[] = [];
    const values = Object.entries(hostileValues(MEGABYTE));
    for (const { name, schema } of inputSchemas) {
      const valid = samples[name] ?? {};
      schema.safeParse(valid); // warm up the schema once
      for (const field of Object.keys(formFields(schema).shape)) {
        for (const [shape, value] of values) {
          const { result, ms } = timed(() => schema.safeParse({ ...valid, [field]: value }));
          const label = `${name}.${field} (${shape})`;
          if (ms > BUDGET_MS) slow.push(`${label}: ${ms.toFixed(0)} ms`);
          if (result.success || !result.error.issues.some((issue) => issue.path[0] === field)) accepted.push(label);
        }
      }
    }
    expect({ slow, accepted }).toEqual({ slow: [], accepted: [] });
  });
});

describe('the e-mail check', () => {
  // 'a@' then 'a.' repeated, failing only at its end: /^[^\s@]+@[^\s@]+\.[^\s@]+$/ needed about 7 s
  // for 64 KB of it (every '.' was tried as the one before the top-level domain, from every start).
  const hostileAddress = (length: number) => filled(length, 'a@', 'a.', ' x');

  it.each([64 * 1024, MEGABYTE])(`judges a hostile address of %i characters within ${BUDGET_MS} ms`, (length) => {
    isEmailAddress('warm@up.example');
    const { result, ms } = timed(() => isEmailAddress(hostileAddress(length)));
    expect({ result, fast: ms <= BUDGET_MS }).toEqual({ result: false, fast: true });
  });

  it('stops a long value at its length, before the address check', () => {
    const parsed = emailField.safeParse(hostileAddress(MEGABYTE));
    expect(parsed.error?.issues.map((issue) => issue.message)).toEqual(['emailRequirements']);
  });

  it.each([
    ['player1@example.com', true],
    ['first.last@mail.example.co.uk', true],
    ['a@b.c', true],
    ['no-at.example.com', false],
    ['@example.com', false],
    ['two@@example.com', false],
    ['a@b@example.com', false],
    ['a@example', false],
    ['a@.example.com', false],
    ['a@example..com', false],
    ['a@example.com.', false],
    ['a b@example.com', false],
    ['a@exa\tmple.com', false],
  ])('%j is an address: %s', (value, expected) => {
    expect(isEmailAddress(value)).toBe(expected);
  });

  it('keeps the site rule of at most 250 characters', () => {
    const address = (length: number) => `${'u'.repeat(length - '@example.com'.length)}@example.com`;
    expect(emailField.safeParse(address(LIMITS.emailMax)).success).toBe(true);
    expect(emailField.safeParse(address(LIMITS.emailMax + 1)).success).toBe(false);
  });
});
