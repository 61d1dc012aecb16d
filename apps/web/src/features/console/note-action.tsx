import { type FormEvent, useState } from 'react';
import { CONSOLE_NOTE_MAX } from '@gatekeeper/contract';
import { useTranslation } from 'react-i18next';
import { failureKeys, modelOf, useConsoleCall } from './console-call';

/**
 * An owner's action and its outcome: the call (through the console's door), whether it runs,
 * and the refusal's translated codes. The sections' buttons and note forms share it.
 */
export const useConsoleAction = <T,>(onDone: (answer: T) => void) => {
  const consoleCall = useConsoleCall();
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  const run = (call: () => Promise<T | string[]>) => {
    setBusy(true);
    setErrors([]);
    consoleCall(call)
      .then((answer) => onDone(modelOf(answer)))
      .catch((error: unknown) => setErrors(failureKeys(error)))
      .finally(() => setBusy(false));
  };
  return { busy, errors, run };
};

/** The refusal of an action, translated. */
export const ActionErrors = ({ errors }: { errors: readonly string[] }) => {
  const { t } = useTranslation();
  return errors.length > 0 ? <p role="alert">{errors.map((key) => t(key)).join(' ')}</p> : null;
};

/**
 * An action taken with a note (a reward cancelled with its reason, a donation resolved with what
 * was done, an account unbanned): a button that opens a one-line form, then the action with the
 * typed note. The server checks the note (consoleReasonRequired) and keeps it in the audit log.
 */
export const NoteAction = ({
  label,
  accessibleName,
  noteLabel,
  confirmLabel,
  busy,
  onConfirm,
}: {
  /** Translated texts: the button, its name for a reader (which record it acts on), the note's label, the confirmation. */
  label: string;
  accessibleName: string;
  noteLabel: string;
  confirmLabel: string;
  busy: boolean;
  onConfirm: (note: string) => void;
}) => {
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState('');
  if (!open) {
    return (
      <button type="button" className="button" aria-label={accessibleName} onClick={() => setOpen(true)}>
        {label}
      </button>
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onConfirm(note);
  };
  return (
    <form onSubmit={submit} className="console__cancel" aria-label={accessibleName}>
      <label>
        {noteLabel}
        <input value={note} maxLength={CONSOLE_NOTE_MAX} required onChange={(event) => setNote(event.target.value)} />
      </label>
      <button type="submit" className="button" disabled={busy}>
        {confirmLabel}
      </button>
    </form>
  );
};
