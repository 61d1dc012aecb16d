import { type RefObject, useState } from 'react';

/**
 * Copies a value with the clipboard API where the page may (https, localhost), else selects the
 * shown text (`select`) for Ctrl+C. Once copied, the button reads the copied label and a polite
 * live region says it, so a screen reader hears the copy happened.
 */
export const CopyButton = ({
  value,
  label,
  copiedLabel,
  select,
}: {
  value: string;
  label: string;
  copiedLabel: string;
  select: RefObject<HTMLElement | null>;
}) => {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
    } catch {
      const target = select.current;
      if (target instanceof HTMLInputElement) target.select();
      else if (target) window.getSelection()?.selectAllChildren(target);
    }
  };
  return (
    <>
      <button type="button" className="button" onClick={() => void copy()}>
        {copied ? copiedLabel : label}
      </button>
      <span role="status" className="visually-hidden">
        {copied ? copiedLabel : ''}
      </span>
    </>
  );
};
