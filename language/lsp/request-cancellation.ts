import type { CancellationToken } from 'vscode-languageserver';

/**
 * Lets the event loop handle what arrived while a search held the thread: two turns, so a queued cancel is processed.
 */
const yieldTwice = async () => {
  for (let i = 0; i < 2; i++) await new Promise((resolve) => setTimeout(resolve, 0));
};

/**
 * An LSP request's cancellation as the runner takes it: an AbortSignal, and `settle`, which the search calls between
 * lattice nodes to let a cancel that arrived while it held the thread be seen before anything is written.
 */
export function abortOn(token: CancellationToken): {
  signal: AbortSignal;
  settle: () => Promise<void>;
  dispose: () => void;
} {
  const controller = new AbortController();
  const subscription = token.onCancellationRequested(() => controller.abort());
  return {
    signal: controller.signal,
    settle: async () => {
      await yieldTwice();
      if (token.isCancellationRequested) controller.abort();
    },
    dispose: () => subscription.dispose(),
  };
}
