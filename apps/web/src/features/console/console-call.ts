import { type ErrorCode, isErrorCode } from '@gatekeeper/contract/lite';
import { createContext, useCallback, useContext, useEffect, useState } from 'react';
import { CallError, errorCodesOf } from '../../api/client';

/** Whether a refusal says the console's step-up has run out (idle minutes, sign-out elsewhere). */
export const isStepUpExpired = (error: unknown) => errorCodesOf(error).includes('consoleStepUpRequired');

/** What the console's sections are told when a call finds the step-up gone: the page asks the code again. */
export const StepUpExpired = createContext<() => void>(() => undefined);

/** What the console's sections tell the shell after a call went through: the step-up's idle time starts again. */
export const ConsoleActivity = createContext<() => void>(() => undefined);

/**
 * callApi for the console's sections: a refusal with consoleStepUpRequired brings the code form
 * back (docs/owner/console.md#second-factor) and the call still fails for its caller; an answer
 * moves the step-up's end, as the server does.
 */
export const useConsoleCall = () => {
  const expired = useContext(StepUpExpired);
  const active = useContext(ConsoleActivity);
  return useCallback(
    async <T>(call: () => Promise<T>): Promise<T> => {
      try {
        const answer = await call();
        active();
        return answer;
      } catch (error) {
        if (isStepUpExpired(error)) expired();
        throw error;
      }
    },
    [expired, active],
  );
};

/**
 * A console call's model: the contract lets a call answer with error codes instead (a list of
 * the contract's codes), which is a refusal, thrown as one so that the caller shows its codes. A
 * list of rows (of strings too: a code is only a string the contract lists), or the empty list of
 * a done action, is a model.
 */
export const modelOf = <T>(answer: T | string[]): T => {
  if (Array.isArray(answer) && answer.length > 0 && answer.every(isErrorCode)) {
    throw new CallError(400, answer);
  }
  // What is left is the model: T itself may be a list, which the type cannot tell from the codes.
  return answer as T;
};

/** The translation keys of a failed call: its error codes, or the server error. */
export const failureKeys = (error: unknown): (ErrorCode | 'ServerError')[] => {
  const codes = errorCodesOf(error);
  return codes.length > 0 ? codes : ['ServerError'];
};

/** A console read: waiting for its answer, refused (the translation keys), or answered. */
export type ConsoleRead<T> = { kind: 'loading' } | { kind: 'failed'; keys: string[] } | { kind: 'ready'; value: T };

/**
 * The console's one read hook: `read` through the console's door when the section opens and
 * whenever `read` changes (a new filter), or on `reload()`; an answer that comes after the
 * section moved on is dropped. `read` should be memoized by its inputs (useCallback).
 */
export const useConsoleRead = <T>(read: () => Promise<T | string[]>) => {
  const consoleCall = useConsoleCall();
  const [version, setVersion] = useState(0);
  const [answer, setAnswer] = useState<{ read: typeof read; version: number; state: ConsoleRead<T> }>();
  useEffect(() => {
    let live = true;
    const keep = (state: ConsoleRead<T>) => live && setAnswer({ read, version, state });
    consoleCall(read)
      .then(modelOf)
      .then(
        (value) => keep({ kind: 'ready', value }),
        (error: unknown) => keep({ kind: 'failed', keys: failureKeys(error) }),
      );
    return () => {
      live = false;
    };
  }, [read, consoleCall, version]);
  const state: ConsoleRead<T> =
    answer && answer.read === read && answer.version === version ? answer.state : { kind: 'loading' };
  return { state, reload: () => setVersion((n) => n + 1) };
};
