import { Button, Spinner } from 'react-bootstrap';

/** A form's full-width submit button: disabled with a spinner and its busy label while the call runs. */
export function SubmitButton({
  busy,
  label,
  busyLabel,
  disabled,
}: {
  busy: boolean;
  label: string;
  busyLabel: string;
  disabled?: boolean;
}) {
  return (
    <div className="d-grid">
      <Button type="submit" disabled={busy || disabled}>
        {busy && <Spinner animation="border" size="sm" className="me-2" />}
        {busy ? busyLabel : label}
      </Button>
    </div>
  );
}
