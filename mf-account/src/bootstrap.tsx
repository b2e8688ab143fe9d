import '@streamflix/shared/tokens.css';
import { isolatedApp } from './isolated-app';

// Standalone harness: mf-account on its own port, without the shell or the other remotes.
isolatedApp.renderHarness(document.getElementById('root')!);
