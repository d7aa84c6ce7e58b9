// The SVG path of a sparkline: values spread over the width, scaled from 0 to the highest; an unknown day breaks the line.
export function sparklinePath(values: (number | null)[], width: number, height: number, pad = 2): string | null {
  if (values.every((v) => v === null)) return null;
  const max = Math.max(1, ...values.map((v) => v ?? 0));
  const step = values.length > 1 ? (width - 2 * pad) / (values.length - 1) : 0;
  let path = "";
  let drawing = false;
  values.forEach((v, i) => {
    if (v === null) {
      drawing = false;
      return;
    }
    const x = pad + i * step;
    const y = height - pad - (v / max) * (height - 2 * pad);
    path += `${drawing ? "L" : "M"}${x.toFixed(1)} ${y.toFixed(1)}`;
    drawing = true;
  });
  return path;
}
