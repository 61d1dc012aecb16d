import { randomInt } from 'node:crypto';

/**
 * The code a streamer types at the Rewards Manager NPC: 6 characters from an alphabet without the
 * look-alikes 0/O and 1/I, so it reads back unambiguously from a screen (32^6, about a billion).
 */
export const STREAM_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const STREAM_CODE_LENGTH = 6;

export const newStreamCode = (): string =>
  Array.from({ length: STREAM_CODE_LENGTH }, () => STREAM_CODE_ALPHABET[randomInt(STREAM_CODE_ALPHABET.length)]).join(
    '',
  );

export const isStreamCode = (value: string): boolean =>
  value.length === STREAM_CODE_LENGTH && [...value].every((char) => STREAM_CODE_ALPHABET.includes(char));
