import type { ComponentProps } from 'react';
import { useHydrated } from '../shared/use-browser-value';

/**
 * A button whose action is the script's: disabled in the pre-rendered page until the script has
 * taken it over, since a click before would do nothing (decision 022). A form's submit button is
 * one too: the form must not be sent without the script's checks and captcha.
 */
export const ScriptButton = ({ disabled, type = 'button', ...props }: ComponentProps<'button'>) => {
  const hydrated = useHydrated();
  return <button type={type} disabled={!hydrated || disabled} {...props} />;
};
