import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

/** A router link that looks like a React-Bootstrap button. */
export function LinkButton({
  to,
  variant = 'primary',
  size,
  children,
}: {
  to: string;
  variant?: string;
  size?: 'sm' | 'lg';
  children: ReactNode;
}) {
  return (
    <Link to={to} className={`btn btn-${variant}${size ? ` btn-${size}` : ''}`}>
      {children}
    </Link>
  );
}
