// The web worker that analyzes large inputs, so that parsing 100 MB never blocks the page. It
// posts progress (at most every 100 ms) and then the view.

import type { WorkerMessage, WorkerRequest } from './try-view.ts';

const PROGRESS_EVERY_MS = 100;

const post = (message: WorkerMessage) => self.postMessage(message);

// zod is told to make no eval before the parsers make any schema: loaded first (a static import
// would not do: the bundler orders the modules of a bundle as it likes). Messages are listened
// for at once, and wait for it.
const analyzing = import('./zod-without-eval.ts').then(() => import('./analyze.ts'));

self.addEventListener('message', (event: MessageEvent<WorkerRequest>) => {
  let lastPostMs = 0;
  analyzing
    .then(({ analyze }) =>
      analyze(event.data.inputs, (progress) => {
        const now = performance.now();
        if (now - lastPostMs < PROGRESS_EVERY_MS) return;
        lastPostMs = now;
        post({ kind: 'progress', ...progress });
      }),
    )
    .then(
      (view) => post({ kind: 'done', view }),
      (error: unknown) => post({ kind: 'failed', message: error instanceof Error ? error.message : String(error) }),
    );
});
