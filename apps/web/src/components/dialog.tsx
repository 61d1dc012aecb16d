import { createContext, type ReactNode, useCallback, useContext, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyButton } from './copy-button';
import './dialog.css';

export interface DialogContent {
  title: string;
  /** One paragraph per entry: a list of error texts is shown one per line. */
  message: string | string[];
  tone?: 'success' | 'error' | 'info';
  /** Text shown as preformatted, e.g. the mail form's JSON answer. */
  preformatted?: boolean;
  /** A value to copy (e.g. a new password): its own selectable element and a copy button. */
  copyable?: { value: string; label: string; copiedLabel: string; long?: boolean };
  /** Where the focus goes once the dialog is closed (the form it answered). */
  afterClose?: () => void;
}

/** A value to copy in its own selectable element, and the copy button. */
const CopyableValue = ({ value, label, copiedLabel, long }: NonNullable<DialogContent['copyable']>) => {
  const ref = useRef<HTMLElement>(null);
  return (
    <div className={`dialog__copy${long ? ' dialog__copy--long' : ''}`}>
      <code ref={ref} className="dialog__copy-value">
        {value}
      </code>
      <CopyButton value={value} label={label} copiedLabel={copiedLabel} select={ref} />
    </div>
  );
};

type ShowDialog = (content: DialogContent) => void;

const DialogContext = createContext<ShowDialog>(() => undefined);

/**
 * The one dialog every page uses: a native modal <dialog> (role dialog, focus kept inside,
 * Escape closes), titled, with the message and an OK button that takes focus.
 */
export const DialogProvider = ({ children }: { children: ReactNode }) => {
  const [content, setContent] = useState<DialogContent | undefined>(undefined);
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const messageId = useId();
  const { t } = useTranslation();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (content && !dialog.open) dialog.showModal();
    if (!content && dialog.open) dialog.close();
  }, [content]);

  const show = useCallback<ShowDialog>((next) => setContent(next), []);
  const lines = content ? (Array.isArray(content.message) ? content.message : [content.message]) : [];

  return (
    <DialogContext.Provider value={show}>
      {children}
      <dialog
        ref={ref}
        className={`dialog dialog--${content?.tone ?? 'info'}`}
        aria-labelledby={titleId}
        aria-describedby={messageId}
        onClose={() => {
          // The browser puts the focus back where it was when the dialog opened; the form's choice
          // comes after that.
          const afterClose = content?.afterClose;
          setContent(undefined);
          if (afterClose) requestAnimationFrame(afterClose);
        }}
      >
        {content && (
          <form method="dialog" className="dialog__body">
            <h2 id={titleId} className="dialog__title">
              {content.title}
            </h2>
            <div id={messageId} className="dialog__message">
              {content.preformatted ? (
                <pre>{lines.join('\n')}</pre>
              ) : (
                lines.map((line, index) => <p key={index}>{line}</p>)
              )}
            </div>
            {content.copyable && <CopyableValue key={content.copyable.value} {...content.copyable} />}
            <button type="submit" className="button" autoFocus>
              {t('dialog.ok')}
            </button>
          </form>
        )}
      </dialog>
    </DialogContext.Provider>
  );
};

export const useDialog = (): ShowDialog => useContext(DialogContext);
