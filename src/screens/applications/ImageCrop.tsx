// The crop dialog of an application image (spec 2 §2, §5): a square over the picture, moved by
// pointer or arrow keys and sized with a slider; the crop is drawn on a canvas and sent as a data
// URL. A zero-sized crop cannot be confirmed.
import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useMessages } from '../../i18n/intl.ts';
import { squareCrop, validCrop, type CropArea } from '../../rules/applications.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { FOCUS_RING, cx } from '../../ui/tone.ts';

/** The longest edge of the image sent (a tile shows it at 48 px, the header at 64 px). */
const OUTPUT_MAX = 512;
const VIEW = 320;

export function cropToDataUrl(image: HTMLImageElement, crop: CropArea, type: string): string {
  const side = Math.min(OUTPUT_MAX, Math.round(crop.width));
  const canvas = document.createElement('canvas');
  canvas.width = side;
  canvas.height = Math.round((side * crop.height) / crop.width);
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('no canvas');
  ctx.drawImage(image, crop.x, crop.y, crop.width, crop.height, 0, 0, canvas.width, canvas.height);
  return canvas.toDataURL(type === 'image/jpeg' ? 'image/jpeg' : 'image/png', 0.9);
}

export function ImageCropDialog({ open, image, type, onCancel, onCrop }: {
  open: boolean; image: HTMLImageElement | null; type: string; onCancel: () => void; onCrop: (dataUrl: string) => void;
}) {
  const { t } = useMessages('applications');
  const [share, setShare] = useState(1);
  const [centre, setCentre] = useState({ x: 0.5, y: 0.5 });
  const [error, setError] = useState(false);
  const canvas = useRef<HTMLCanvasElement>(null);
  const drag = useRef<{ x: number; y: number } | null>(null);
  useEffect(() => { if (open) { setShare(1); setCentre({ x: 0.5, y: 0.5 }); setError(false); } }, [open, image]);

  const size = image ? { width: image.naturalWidth, height: image.naturalHeight } : { width: 0, height: 0 };
  const crop = image ? squareCrop(size, share, centre.x, centre.y) : { x: 0, y: 0, width: 0, height: 0 };
  const scale = image ? Math.min(VIEW / size.width, VIEW / size.height) : 1;

  useEffect(() => {
    const el = canvas.current;
    if (!open || !image || !el) return;
    el.width = Math.round(size.width * scale);
    el.height = Math.round(size.height * scale);
    const ctx = el.getContext('2d');
    if (!ctx) return;
    ctx.drawImage(image, 0, 0, el.width, el.height);
    ctx.fillStyle = 'rgba(17, 24, 39, 0.55)';
    ctx.beginPath();
    ctx.rect(0, 0, el.width, el.height);
    ctx.rect(crop.x * scale, crop.y * scale, crop.width * scale, crop.height * scale);
    ctx.fill('evenodd');
    ctx.strokeStyle = '#fff';
    ctx.lineWidth = 2;
    ctx.strokeRect(crop.x * scale + 1, crop.y * scale + 1, crop.width * scale - 2, crop.height * scale - 2);
  });

  const move = (dx: number, dy: number) => setCentre((c) => ({ x: Math.min(1, Math.max(0, c.x + dx)), y: Math.min(1, Math.max(0, c.y + dy)) }));
  const onKey = (event: KeyboardEvent) => {
    const step = event.shiftKey ? 0.1 : 0.02;
    const delta: Record<string, [number, number]> = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] };
    const d = delta[event.key];
    if (d) { event.preventDefault(); move(d[0], d[1]); }
  };
  const onPointerDown = (event: PointerEvent<HTMLCanvasElement>) => {
    drag.current = { x: event.clientX, y: event.clientY };
    event.currentTarget.setPointerCapture(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent<HTMLCanvasElement>) => {
    if (!drag.current || !image) return;
    const dx = (event.clientX - drag.current.x) / (size.width * scale);
    const dy = (event.clientY - drag.current.y) / (size.height * scale);
    drag.current = { x: event.clientX, y: event.clientY };
    move(dx, dy);
  };

  const ok = !!image && validCrop(crop, size);
  const apply = () => {
    if (!image || !ok) return;
    try {
      onCrop(cropToDataUrl(image, crop, type));
    } catch {
      setError(true);
    }
  };

  return (
    <Dialog
      open={open} title={t('applications.image.cropTitle')} onClose={onCancel} size="md"
      footer={<>
        <Button variant="secondary" onClick={onCancel}>{t('applications.cancel')}</Button>
        <Button onClick={apply} disabled={!ok} data-crop-apply="">{t('applications.image.cropApply')}</Button>
      </>}
    >
      <div className="flex flex-col items-center gap-3">
        <p className="m-0 text-sm text-gray-600">{t('applications.image.cropHelp')}</p>
        <canvas
          ref={canvas} tabIndex={0} role="img" aria-label={t('applications.image.cropArea')}
          onKeyDown={onKey} onPointerDown={onPointerDown} onPointerMove={onPointerMove} onPointerUp={() => { drag.current = null; }}
          className={cx('max-w-full cursor-move touch-none rounded-md bg-gray-100', FOCUS_RING)}
        />
        <label className="flex w-full max-w-[320px] items-center gap-3 text-sm text-gray-700">
          <span className="whitespace-nowrap">{t('applications.image.cropSize')}</span>
          <input type="range" min={10} max={100} value={Math.round(share * 100)} onChange={(e) => setShare(Number(e.target.value) / 100)} className="w-full accent-[var(--agora-primary)]" />
        </label>
        {error && <p role="alert" className="m-0 text-sm text-danger-ink">{t('applications.image.error.load')}</p>}
      </div>
    </Dialog>
  );
}
