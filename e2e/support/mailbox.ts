import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from '@playwright/test';
import { simpleParser } from 'mailparser';

/** The newest mail the local SMTP server received for an address. */
export const waitForMail = async (dir: string, to: string) => {
  let file: string | undefined;
  await expect
    .poll(
      () => {
        if (!existsSync(dir)) return undefined;
        file = readdirSync(dir)
          .filter((name) => name.endsWith(`-${to}.eml`))
          .sort()
          .pop();
        return file;
      },
      { timeout: 15_000 },
    )
    .toBeDefined();
  return simpleParser(readFileSync(join(dir, file as string)));
};
