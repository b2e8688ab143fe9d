import { i18n } from '@streamflix/shared';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button, callOperation } from '@streamflix/shared';

interface State {
  error: Error | null;
  key: number;
}

/**
 * Nothing in the player may take the shell down: a render error becomes a message with
 * Retry, and is reported as a client error.
 */
export class PlayerErrorBoundary extends Component<
  { children: ReactNode; heading: ReactNode },
  State
> {
  override state: State = { error: null, key: 0 };

  static getDerivedStateFromError(error: Error): Partial<State> {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    void callOperation('POST /log-report', {
      body: {
        kind: 'client-error',
        message: `mf-player: ${error.message}`.slice(0, 1000),
        details: {
          stack: (error.stack ?? '').slice(0, 2000),
          componentStack: (info.componentStack ?? '').slice(0, 2000),
          url: location.href,
        },
      },
    }).catch(() => undefined);
  }

  override render() {
    if (!this.state.error) return <div key={this.state.key}>{this.props.children}</div>;
    return (
      <div role="alert" style={{ padding: 'var(--sf-space-6)' }}>
        {this.props.heading}
        <p>
          {i18n._({
            id: 'mf-player.boundary.message',
            message:
              'The player ran into a problem and stopped. The rest of Streamflix keeps working.',
          })}
        </p>
        <Button onClick={() => this.setState((s) => ({ error: null, key: s.key + 1 }))}>
          {i18n._({ id: 'mf-player.retry', message: 'Retry' })}
        </Button>
      </div>
    );
  }
}
