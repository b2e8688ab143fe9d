import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import { TextDecoder, TextEncoder } from 'node:util';

// jsdom lacks these; react-router 7 needs them.
Object.assign(globalThis, { TextEncoder, TextDecoder });

// findBy…/waitFor wait up to 5 s instead of 1 s: with both CPU cores running suites (jest.config.cjs
// maxWorkers) a lazy screen's first render can take over a second; a test that waits for something
// that never comes still fails.
configure({ asyncUtilTimeout: 5000 });
