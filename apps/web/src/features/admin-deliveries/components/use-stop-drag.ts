import { useRef, useState, type PointerEvent } from 'react';

/**
 * Reordering a route by dragging a stop's handle, with pointer events (mouse, pen and touch alike;
 * HTML drag and drop never fires on a phone). While the handle is held the list shows the order the
 * pointer would leave; letting go hands the new order to `onDrop` if it changed. The up/down
 * buttons stay for the keyboard and screen readers.
 */
export function useStopDrag(ids: readonly string[], onDrop: (next: string[]) => void) {
  const [order, setOrder] = useState<string[] | null>(null);
  const [dragging, setDragging] = useState<string | null>(null);
  const rows = useRef(new Map<string, HTMLElement>());
  const current = order ?? [...ids];

  const rowRef = (id: string) => (element: HTMLElement | null) => {
    if (element) rows.current.set(id, element);
    else rows.current.delete(id);
  };

  const move = (clientY: number) => {
    if (!dragging) return;
    const others = current.filter((id) => id !== dragging);
    let index = others.findIndex((id) => {
      const rect = rows.current.get(id)?.getBoundingClientRect();
      return rect ? clientY < rect.top + rect.height / 2 : false;
    });
    if (index === -1) index = others.length;
    const next = [...others];
    next.splice(index, 0, dragging);
    if (next.join() !== current.join()) setOrder(next);
  };

  const end = (drop: boolean) => {
    if (drop && order && order.join() !== ids.join()) onDrop(order);
    setDragging(null);
    setOrder(null);
  };

  const handleProps = (id: string) => ({
    onPointerDown: (event: PointerEvent<HTMLElement>) => {
      if (event.button !== 0) return;
      event.preventDefault();
      event.currentTarget.setPointerCapture(event.pointerId);
      setDragging(id);
      setOrder([...ids]);
    },
    onPointerMove: (event: PointerEvent<HTMLElement>) => move(event.clientY),
    onPointerUp: () => end(true),
    onPointerCancel: () => end(false),
  });

  return { order: current, dragging, rowRef, handleProps };
}
