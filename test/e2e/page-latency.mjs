// Key press → drawn, timed inside the page. Playwright's waitFor polls a locator at 0, 20, 50, 100, 100, then every
// 500 ms, so a time taken around it snaps to those steps (an answer drawn at 80 ms reads as about 170 ms). Here the page
// itself stamps the key's keydown and the first animation frame after the DOM shows (or stops showing) what is
// awaited, both on its own clock; the step still waits with Playwright, then reads the stamps.

/**
 * Arms the watch for the next keydown of `key` (with Ctrl when `ctrl`): afterwards the page stamps when an element
 * matching `selector` (whose text contains `text`, when given) is shown (`present`) or no longer shown.
 */
export async function armLatency(page, { key, ctrl = false, selector, text, present = true }) {
  await page.evaluate(
    ({ key, ctrl, selector, text, present }) => {
      const w = window;
      w.__privspecLatency = { key, ctrl, selector, text, present, pressed: 0, matched: false, drawn: 0 };
      if (w.__privspecLatencyInstalled) return;
      w.__privspecLatencyInstalled = true;
      const check = () => {
        const l = w.__privspecLatency;
        if (!l || !l.pressed || l.matched) return;
        const shown = [...document.querySelectorAll(l.selector)].some(
          (e) => (l.text === undefined || (e.textContent ?? '').includes(l.text)) && e.getClientRects().length > 0,
        );
        if (shown !== l.present) return;
        l.matched = true;
        requestAnimationFrame(() => (l.drawn = performance.now()));
      };
      window.addEventListener(
        'keydown',
        (e) => {
          const l = w.__privspecLatency;
          if (l && !l.pressed && e.key === l.key && e.ctrlKey === l.ctrl) {
            l.pressed = performance.now();
            // The awaited state may follow from the key alone in a later task: checked by the observer then.
            queueMicrotask(check);
          }
        },
        true,
      );
      new MutationObserver(check).observe(document.documentElement, {
        subtree: true,
        childList: true,
        attributes: true,
        characterData: true,
      });
    },
    { key, ctrl, selector, text, present },
  );
}

/** Milliseconds from the armed key's keydown to the frame that drew the awaited state (after Playwright saw it). */
export async function readLatency(page) {
  const handle = await page.waitForFunction(() => {
    const l = window.__privspecLatency;
    return l && l.drawn ? Math.round(l.drawn - l.pressed) : undefined;
  });
  return handle.jsonValue();
}
