import { useEffect, useState } from 'react';

/** Set once the app has painted its first frame; later mounts need not wait. */
let painted = false;
/** In a background tab there are no frames: the work starts after this anyway. */
const FALLBACK_MS = 200;

/**
 * False until the page's first frame has been painted, then true (decision 024). A page asks for
 * its data after its first paint instead of before it: React runs the effects of the first render
 * before the browser paints, and a request started there (the `fetch` call and the query cache's
 * work, 25–40 ms on a phone) delayed the first paint; the answer also landed before the paint, so
 * Lighthouse counted its round trip in the page's LCP. The request now starts one frame later.
 */
export function useAfterFirstPaint(): boolean {
  const [done, setDone] = useState(painted);
  useEffect(() => {
    if (done) return;
    const finish = () => {
      painted = true;
      setDone(true);
    };
    // A frame, then a task: the task runs once the frame the callback preceded has been painted.
    let afterFrame: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      afterFrame = setTimeout(finish, 0);
    });
    const fallback = setTimeout(finish, FALLBACK_MS);
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(afterFrame);
      clearTimeout(fallback);
    };
  }, [done]);
  return done;
}
