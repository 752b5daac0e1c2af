import type { KeyboardEvent } from 'react';
import { Modal, type ModalProps } from 'react-bootstrap';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Tab and Shift+Tab go round the dialog's controls. React-Bootstrap only pulls the focus back once it has left
 * (to the browser's own controls, then to the page behind), and then to the dialog rather than to a control.
 */
function keepTabInside(e: KeyboardEvent<HTMLElement>) {
  if (e.key !== 'Tab') return;
  const controls = [...e.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (el) => el.getClientRects().length > 0,
  );
  if (!controls.length) return;
  const [first, last] = [controls[0], controls[controls.length - 1]];
  const at = document.activeElement;
  if (e.shiftKey && (at === first || !controls.includes(at as HTMLElement))) {
    e.preventDefault();
    last.focus();
  } else if (!e.shiftKey && at === last) {
    e.preventDefault();
    first.focus();
  }
}

/** A modal dialog that keeps the keyboard inside it; Escape closes it and the focus returns to what opened it. */
export function Dialog(props: ModalProps) {
  return <Modal {...props} onKeyDown={keepTabInside} />;
}
