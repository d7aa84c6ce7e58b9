// A tooltip shown while its trigger is hovered or focused (and after a click, for touch); Escape hides it.
import { useId, useState, type KeyboardEvent } from "react";

export function useTooltip() {
  const [open, setOpen] = useState(false);
  const tooltipId = useId();
  return {
    /** For the element around the trigger and the tooltip. */
    hover: { onMouseEnter: () => setOpen(true), onMouseLeave: () => setOpen(false) },
    /** For the button the tooltip describes. */
    trigger: {
      "aria-describedby": tooltipId,
      onFocus: () => setOpen(true),
      onBlur: () => setOpen(false),
      onClick: () => setOpen(true),
      onKeyDown: (event: KeyboardEvent) => {
        if (event.key === "Escape") setOpen(false);
      },
    },
    /** For the element with role="tooltip". */
    tooltip: { id: tooltipId, hidden: !open },
  };
}
