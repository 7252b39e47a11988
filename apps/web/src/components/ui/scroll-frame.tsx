// Content wider than its room (a wide table, a chart on a phone) scrolls sideways inside its own frame,
// never the page. While it does, the frame is a named region that takes the focus, so that a keyboard
// user can scroll it with the arrow keys; when everything fits it is a plain box.
import { useEffect, useRef, useState, type CSSProperties, type ReactNode, type RefObject } from 'react';
import classes from './scroll-frame.module.css';

/** Whether the element's content is wider than the element, followed as either changes size. */
export function useScrollsSideways(ref: RefObject<HTMLElement | null>): boolean {
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => setScrolls(element.scrollWidth > element.clientWidth + 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    // The content grows on its own too (a table as its rows arrive).
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    const table = element.querySelector('table');
    if (table) observer.observe(table);
    return () => observer.disconnect();
  }, [ref]);
  return scrolls;
}

/** The attributes of a frame that scrolls sideways: a region named `label`, in the tab order. */
export const scrollingFrameProps = (scrolls: boolean, label: string) =>
  scrolls ? ({ role: 'region', 'aria-label': label, tabIndex: 0 } as const) : {};

export interface ScrollFrameProps {
  /** The frame's name while it scrolls. */
  label: string;
  /** Below 48em the content keeps at least this width (px) and scrolls; wider screens fit it. */
  phoneMinWidth: number;
  children: ReactNode;
}

export function ScrollFrame({ label, phoneMinWidth, children }: ScrollFrameProps) {
  const frame = useRef<HTMLDivElement>(null);
  const scrolls = useScrollsSideways(frame);
  return (
    <div ref={frame} className={classes.frame} {...scrollingFrameProps(scrolls, label)}>
      <div className={classes.content} style={{ '--phone-min-width': `${phoneMinWidth}px` } as CSSProperties}>
        {children}
      </div>
    </div>
  );
}
