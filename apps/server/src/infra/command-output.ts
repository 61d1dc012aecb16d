import { ConfigError } from '../config';

/** Where an owner's command (npm run mail, npm run donations) writes. */
export interface CommandOutput {
  out(line: string): void;
  err(line: string): void;
}

/** A time as the owner's commands print it: UTC, to the minute. */
export const commandTime = (at: number | null): string =>
  at === null ? '-' : new Date(Number(at)).toISOString().slice(0, 16).replace('T', ' ');

/** Plain columns, padded to their widest cell: readable in any terminal and in a log. */
export const table = (header: string[], rows: string[][]): string[] => {
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const line = (cells: string[]) =>
    cells
      .map((cell, column) => cell.padEnd(widths[column] ?? 0))
      .join('  ')
      .trimEnd();
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)];
};

/** The console, as the owner's commands write to it. */
export const consoleOutput: CommandOutput = {
  out: (line) => console.log(line),
  err: (line) => console.error(line),
};

/** Runs an owner's command to its exit code; a configuration mistake is said in one line. */
export const runCommand = (main: () => Promise<number>): void => {
  main().then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      console.error(error instanceof ConfigError ? error.message : error);
      process.exitCode = 1;
    },
  );
};
