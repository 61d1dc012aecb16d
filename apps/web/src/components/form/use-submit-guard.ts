import { useCallback, useRef, useState } from 'react';

/**
 * A form's processing flag: `start()` is false while a submit is already on its way (a second
 * click or Enter is then ignored), `finish()` lets the form be sent again, and `busy` disables
 * the submit button meanwhile. The ref answers at once; the state re-renders the button.
 */
export const useSubmitGuard = () => {
  const processing = useRef(false);
  const [busy, setBusy] = useState(false);
  const start = useCallback(() => {
    if (processing.current) return false;
    processing.current = true;
    setBusy(true);
    return true;
  }, []);
  const finish = useCallback(() => {
    processing.current = false;
    setBusy(false);
  }, []);
  return { busy, start, finish };
};
