// A phone's modal layer (the menu, the faucet sheet) follows a finger dragging it down and closes past a quarter of its height (SPEC.md §4).
import { useCallback, useRef, useState, type CSSProperties, type RefObject, type TouchEvent } from "react";

/** SPEC.md §4: a downward swipe of a quarter of the layer's height closes it. */
export function closesOnSwipe(distance: number, height: number): boolean {
  return height > 0 && distance >= height / 4;
}

export interface SwipeToClose {
  handlers: {
    onTouchStart: (event: TouchEvent) => void;
    onTouchMove: (event: TouchEvent) => void;
    onTouchEnd: () => void;
    onTouchCancel: () => void;
  };
  /** Moves the layer with the finger; undefined while nothing is dragged. */
  style: CSSProperties | undefined;
}

/**
 * Touch events rather than pointer events: the browser may take a vertical drag for scrolling and cancel the pointer,
 * but touch events go on. A drag starts counting only while `scroller` (the layer's scrolling part) is at its top, so
 * scrolling a long menu back up does not close it.
 */
export function useSwipeToClose(
  layer: RefObject<HTMLElement | null>,
  onClose: () => void,
  options: { enabled: boolean; scroller?: RefObject<HTMLElement | null> },
): SwipeToClose {
  const { enabled, scroller } = options;
  const drag = useRef<{ startY: number; height: number; distance: number } | null>(null);
  const [distance, setDistance] = useState(0);

  const onTouchStart = useCallback(
    (event: TouchEvent) => {
      // Touches in a layer portalled above this one reach it through React's tree, not the page's.
      if (!enabled || event.touches.length !== 1 || !layer.current?.contains(event.target as Node)) return;
      drag.current = { startY: event.touches[0].clientY, height: layer.current.getBoundingClientRect().height, distance: 0 };
    },
    [enabled, layer],
  );

  const onTouchMove = useCallback(
    (event: TouchEvent) => {
      const current = drag.current;
      if (!current) return;
      const y = event.touches[0]?.clientY ?? current.startY;
      if ((scroller?.current?.scrollTop ?? 0) > 0) current.startY = y;
      current.distance = Math.max(0, y - current.startY);
      setDistance(current.distance);
    },
    [scroller],
  );

  const onTouchEnd = useCallback(() => {
    const current = drag.current;
    drag.current = null;
    setDistance(0);
    if (current && closesOnSwipe(current.distance, current.height)) onClose();
  }, [onClose]);

  const onTouchCancel = useCallback(() => {
    drag.current = null;
    setDistance(0);
  }, []);

  return {
    handlers: { onTouchStart, onTouchMove, onTouchEnd, onTouchCancel },
    style: distance > 0 ? { transform: `translateY(${distance}px)`, transition: "none" } : undefined,
  };
}
