// An application's image, fetched with the bearer token (the server serves it to the owning
// organisation only); its initials while it loads, when there is none, or when it fails.
import { useImage } from '../../api/applications.ts';
import { cx } from '../../ui/tone.ts';

export function initials(title: string): string {
  const words = title.replace(/[^\p{L}\p{N}]+/gu, ' ').split(' ').filter(Boolean);
  if (!words.length) return '?';
  return (words.length > 1 ? words[0]![0]! + words[1]![0]! : words[0]!.slice(0, 2)).toUpperCase();
}

export function ApplicationImage({ title, icon, size = 48, className }: { title: string; icon: string | null | undefined; size?: number; className?: string }) {
  const image = useImage(icon);
  const box = { width: size, height: size };
  if (image.data) {
    return <img src={image.data} alt="" style={box} data-app-image="" className={cx('shrink-0 rounded-lg border border-gray-100 bg-white object-cover', className)} />;
  }
  return (
    <span aria-hidden="true" style={box} className={cx('flex shrink-0 items-center justify-center rounded-lg bg-primary/10 text-base font-semibold tracking-wide text-primary', className)}>
      {initials(title)}
    </span>
  );
}
