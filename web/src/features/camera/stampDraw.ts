// Drawing a photo and its stamp onto a 2D canvas (an OffscreenCanvas in the stamp worker;
// a page canvas in the bench's main-thread comparison): the frame scaled to the image size
// (fit: letterboxed, fill: cropped), a dark band at the bottom with the stamp's lines in
// white, and the Clearway mark in the top-right corner when the logo is on.
type Context2D = CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D;

export interface StampLayout {
  width: number;
  height: number;
  displayMode: 'fit' | 'fill';
  lines: readonly string[];
  logo: boolean;
}

/** The stamp band's colour; tests look for it in the pixels. */
export const BAND_RGBA = 'rgba(0, 0, 0, 0.62)';

function drawFrame(ctx: Context2D, frame: CanvasImageSource & { width: number; height: number }, { width, height, displayMode }: StampLayout) {
  ctx.fillStyle = '#000';
  ctx.fillRect(0, 0, width, height);
  const scale = displayMode === 'fill' ? Math.max(width / frame.width, height / frame.height) : Math.min(width / frame.width, height / frame.height);
  const w = frame.width * scale;
  const h = frame.height * scale;
  ctx.drawImage(frame, (width - w) / 2, (height - h) / 2, w, h);
}

function drawLogo(ctx: Context2D, width: number, unit: number) {
  const h = unit * 2.2;
  ctx.font = `bold ${Math.round(unit * 1.2)}px sans-serif`;
  // The badge fits the word in whatever font the device has.
  const w = h * 1.3 + ctx.measureText('CLEARWAY').width + unit * 0.6;
  const x = width - w - unit;
  const y = unit;
  ctx.fillStyle = 'rgba(29, 78, 216, 0.85)';
  ctx.fillRect(x, y, w, h);
  // The mark: a bridge arch over a road line.
  ctx.strokeStyle = '#fff';
  ctx.lineWidth = Math.max(2, unit * 0.18);
  ctx.beginPath();
  ctx.arc(x + h * 0.6, y + h * 0.8, h * 0.38, Math.PI, 0);
  ctx.moveTo(x + h * 0.1, y + h * 0.8);
  ctx.lineTo(x + h * 1.1, y + h * 0.8);
  ctx.stroke();
  ctx.fillStyle = '#fff';
  ctx.textBaseline = 'middle';
  ctx.fillText('CLEARWAY', x + h * 1.3, y + h / 2);
}

/** Draws the frame and the stamp; the canvas must be layout.width × layout.height. */
export function drawStamp(ctx: Context2D, frame: CanvasImageSource & { width: number; height: number }, layout: StampLayout) {
  drawFrame(ctx, frame, layout);
  const unit = Math.max(10, Math.round(layout.height / 40));
  if (layout.lines.length > 0) {
    const lineHeight = Math.round(unit * 1.5);
    const band = lineHeight * layout.lines.length + unit;
    ctx.fillStyle = BAND_RGBA;
    ctx.fillRect(0, layout.height - band, layout.width, band);
    ctx.fillStyle = '#fff';
    ctx.font = `${Math.round(unit * 1.15)}px sans-serif`;
    ctx.textBaseline = 'top';
    layout.lines.forEach((line, i) => ctx.fillText(line, unit, layout.height - band + unit / 2 + i * lineHeight, layout.width - unit * 2));
  }
  if (layout.logo) drawLogo(ctx, layout.width, unit);
}
