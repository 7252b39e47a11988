// Shown when a page fails to render or its code cannot be loaded (e.g. a new version was deployed);
// following a link to another page tries again.
import { Component, type ReactNode } from 'react';
import { PlainAlert, PlainButton } from '../../components/ui/plain';
import { CRITICAL_ERROR } from '@comptoir/shared/messages';
import { APP_LABELS } from '../labels';
import { InteractiveMark } from '../../lib/hydrated';
import classes from './route-error.module.css';

export function RouteError() {
  return (
    <div className={classes.container}>
      <main>
        <PlainAlert color="red" heading={CRITICAL_ERROR}>
          <PlainButton variant="default" className={classes.reload} onClick={() => window.location.reload()}>
            {APP_LABELS.reload}
          </PlainButton>
        </PlainAlert>
      </main>
      <InteractiveMark />
    </div>
  );
}

interface BoundaryProps {
  /** The current page: the error is forgotten when it changes. */
  pathname: string;
  children: ReactNode;
}

export class RouteErrorBoundary extends Component<BoundaryProps, { failedAt: string | null }> {
  override state = { failedAt: null as string | null };

  static getDerivedStateFromError(): { failedAt: string } {
    // The page is known in componentDidCatch; '' until then still shows the error.
    return { failedAt: '' };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: { failedAt: string | null }) {
    return state.failedAt && state.failedAt !== props.pathname ? { failedAt: null } : null;
  }

  override componentDidCatch(error: unknown) {
    console.error(error);
    this.setState({ failedAt: this.props.pathname });
  }

  override render() {
    return this.state.failedAt === null ? this.props.children : <RouteError />;
  }
}
