import { Component, type ReactNode } from 'react';
import { Button, Container } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';

/** A screen that failed to load (a chunk after a deployment, a network drop) offers a reload. */
export function RouteErrorPage() {
  const { t } = useTranslation();
  return (
    <Container className="tt-page">
      {/* Plain alert markup: this page is in the entry chunk, and <Alert> brings its fade transition. */}
      <div role="alert" className="alert alert-danger">
        <p>{t('errors.chunk')}</p>
        <Button variant="outline-danger" onClick={() => window.location.reload()}>
          {t('errors.reload')}
        </Button>
      </div>
    </Container>
  );
}

interface BoundaryProps {
  /** Another address is another screen, which gets its own chance. */
  pathname: string;
  children: ReactNode;
}

interface BoundaryState {
  failed: boolean;
  pathname: string;
}

/** Shows RouteErrorPage in place of the screens when one throws, until the user goes to another address. */
export class RouteErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state = { failed: false, pathname: this.props.pathname };

  static getDerivedStateFromError(): Partial<BoundaryState> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): BoundaryState | null {
    return props.pathname === state.pathname ? null : { failed: false, pathname: props.pathname };
  }

  override componentDidCatch(error: unknown) {
    console.error(error);
  }

  override render() {
    return this.state.failed ? <RouteErrorPage /> : this.props.children;
  }
}
