// Right-hand drawer used for details and edit forms (applications, credentials, reviews…).
import { useId, type ReactNode, type RefObject } from 'react';
import { IconButton } from './Button.tsx';
import { useT } from './i18n.ts';
import { IconClose } from './icons.tsx';
import { Modal } from './Modal.tsx';

export interface SidePanelProps {
  open: boolean;
  title: ReactNode;
  subtitle?: ReactNode;
  /** Escape, the close button and the backdrop call this. Guard unsaved edits with useConfirmLeave. */
  onClose: () => void;
  children: ReactNode;
  /** Action buttons, kept visible at the bottom while the body scrolls. */
  footer?: ReactNode;
  size?: 'md' | 'lg' | 'xl';
  initialFocus?: RefObject<HTMLElement | null>;
}

const WIDTH = { md: 'sm:max-w-md', lg: 'sm:max-w-xl', xl: 'sm:max-w-3xl' } as const;

export function SidePanel({ open, title, subtitle, onClose, children, footer, size = 'lg', initialFocus }: SidePanelProps) {
  const t = useT();
  const titleId = useId();
  return (
    <Modal open={open} onClose={onClose} labelledBy={titleId} placement="right" initialFocus={initialFocus} className={WIDTH[size]}>
      <header className="flex items-start gap-3 border-b border-gray-200 px-5 py-4">
        <div className="min-w-0 flex-1">
          <h2 id={titleId} className="m-0 truncate text-lg font-semibold leading-7 text-gray-900">
            {title}
          </h2>
          {subtitle && <p className="m-0 mt-0.5 text-sm text-gray-500">{subtitle}</p>}
        </div>
        <IconButton label={t('ui.action.close')} onClick={onClose} className="-mr-2">
          <IconClose size={18} />
        </IconButton>
      </header>
      <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-5 py-4 text-sm text-gray-700">{children}</div>
      {footer && <footer className="flex flex-wrap justify-end gap-2 border-t border-gray-200 bg-gray-50 px-5 py-3">{footer}</footer>}
    </Modal>
  );
}
