import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { reportRenderError, startErrorReporting } from './ops/error-reporting';

// Reporting starts beside the app, never before it: a slow or absent service delays nothing.
void startErrorReporting();

createRoot(document.getElementById('root')!, { onUncaughtError: reportRenderError, onCaughtError: reportRenderError }).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
