// 'Draw sketch' (issue 14 point 4): a drawing surface over a blank page or over the photo,
// pressure-sensitive strokes with perfect-freehand@1.2.3 (a pen's pressure; a finger or
// mouse gets simulated pressure from its speed), undo, clear, a few colours, and
// 'Save drawing', which hands back a PNG.
import { getStroke } from 'perfect-freehand';
import { useEffect, useId, useRef, useState, type PointerEvent } from 'react';

export const SKETCH_COLOURS = [
  { name: 'Red', value: '#dc2626' },
  { name: 'Yellow', value: '#facc15' },
  { name: 'Blue', value: '#2563eb' },
  { name: 'Black', value: '#111827' },
] as const;

interface Stroke {
  colour: string;
  points: [number, number, number][];
  pen: boolean;
}

/** perfect-freehand's outline as a closed path (quadratic curves through the midpoints). */
function outlinePath(outline: number[][]): Path2D {
  const path = new Path2D();
  if (outline.length < 2) return path;
  const [first] = outline as [number[]];
  path.moveTo(first[0] ?? 0, first[1] ?? 0);
  for (let i = 0; i < outline.length; i += 1) {
    const [x0 = 0, y0 = 0] = outline[i] ?? [];
    const [x1 = 0, y1 = 0] = outline[(i + 1) % outline.length] ?? [];
    path.quadraticCurveTo(x0, y0, (x0 + x1) / 2, (y0 + y1) / 2);
  }
  path.closePath();
  return path;
}

function paint(canvas: HTMLCanvasElement, background: ImageBitmap | null, strokes: readonly Stroke[]) {
  const ctx = canvas.getContext('2d');
  if (!ctx) return;
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  if (background) ctx.drawImage(background, 0, 0, canvas.width, canvas.height);
  const size = Math.max(6, canvas.width / 110);
  for (const stroke of strokes) {
    ctx.fillStyle = stroke.colour;
    ctx.fill(outlinePath(getStroke(stroke.points, { size, thinning: 0.5, smoothing: 0.5, streamline: 0.5, simulatePressure: !stroke.pen })));
  }
}

export function SketchPad({ background, onSave, onCancel }: { background: ImageBitmap | null; onSave: (png: Blob) => void; onCancel: () => void }) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [strokes, setStrokes] = useState<Stroke[]>([]);
  const [colour, setColour] = useState<string>(SKETCH_COLOURS[0].value);
  const [saving, setSaving] = useState(false);
  const drawing = useRef<Stroke | null>(null);
  const id = useId();
  const width = background?.width ?? 1280;
  const height = background?.height ?? 720;

  useEffect(() => {
    if (canvasRef.current) paint(canvasRef.current, background, strokes);
  }, [background, strokes]);

  const point = (event: PointerEvent<HTMLCanvasElement>): [number, number, number] => {
    const rect = event.currentTarget.getBoundingClientRect();
    const x = ((event.clientX - rect.left) * width) / Math.max(1, rect.width);
    const y = ((event.clientY - rect.top) * height) / Math.max(1, rect.height);
    return [x, y, event.pointerType === 'pen' ? event.pressure : 0.5];
  };
  const down = (event: PointerEvent<HTMLCanvasElement>) => {
    event.currentTarget.setPointerCapture?.(event.pointerId);
    const stroke: Stroke = { colour, points: [point(event)], pen: event.pointerType === 'pen' };
    drawing.current = stroke;
    setStrokes((list) => [...list, stroke]);
  };
  const move = (event: PointerEvent<HTMLCanvasElement>) => {
    const stroke = drawing.current;
    if (!stroke) return;
    stroke.points = [...stroke.points, point(event)];
    setStrokes((list) => [...list.slice(0, -1), { ...stroke }]);
  };
  const up = () => {
    drawing.current = null;
  };
  const save = () => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    setSaving(true);
    canvas.toBlob((blob) => {
      setSaving(false);
      if (blob) onSave(blob);
    }, 'image/png');
  };

  return (
    <section className="sketch" aria-labelledby={`${id}-title`}>
      <h4 id={`${id}-title`}>Sketch</h4>
      <canvas
        ref={canvasRef}
        className="sketch__canvas"
        width={width}
        height={height}
        aria-label="Drawing surface"
        onPointerDown={down}
        onPointerMove={move}
        onPointerUp={up}
        onPointerCancel={up}
      />
      <div className="actions" role="group" aria-label="Sketch tools">
        <span role="radiogroup" aria-label="Pen colour" className="sketch__colours">
          {SKETCH_COLOURS.map((c) => (
            <button
              key={c.value}
              type="button"
              role="radio"
              aria-checked={colour === c.value}
              aria-label={c.name}
              className="sketch__colour"
              style={{ background: c.value }}
              onClick={() => setColour(c.value)}
            />
          ))}
        </span>
        <button type="button" onClick={() => setStrokes((list) => list.slice(0, -1))} disabled={strokes.length === 0}>
          Undo
        </button>
        <button type="button" onClick={() => setStrokes([])} disabled={strokes.length === 0}>
          Clear
        </button>
        <button type="button" className="button--primary" onClick={save} disabled={saving}>
          Save drawing
        </button>
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </section>
  );
}
