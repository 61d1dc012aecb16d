import type { ErrorCode } from '@gatekeeper/contract/lite';
import { createContext, useCallback, useContext } from 'react';
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
 * A console call's model: the contract lets a call answer with error codes instead, which is a
 * refusal, thrown as one so that the caller shows its codes.
 */
export const modelOf = <T>(answer: T | string[]): T => {
  if (Array.isArray(answer)) throw new CallError(400, answer);
  return answer;
};

/** The translation keys of a failed call: its error codes, or the server error. */
export const failureKeys = (error: unknown): (ErrorCode | 'ServerError')[] => {
  const codes = errorCodesOf(error);
  return codes.length > 0 ? codes : ['ServerError'];
};
