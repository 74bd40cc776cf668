// 'Please contact {contact} with any questions or concerns you may have' (spec 1 §8), where
// contact is a mailto link to the provider's e-mail, or 'us' when there is none.
import { Fragment } from 'react';
import { useMessages } from '../../i18n/intl.ts';

// A character no translation contains, to cut the sentence where the link goes.
const SLOT = '\u{E000}';

export function ContactLine({ email, className }: { email?: string | null; className?: string }) {
  const { t } = useMessages();
  const address = email?.trim();
  const [before, after] = t('common.contact', { contact: SLOT }).split(SLOT);
  const contact = address ? (
    <a href={`mailto:${address}`} className="font-medium text-primary underline underline-offset-2">{address}</a>
  ) : (
    t('common.contact.us')
  );
  return (
    <span className={className} data-contact-line="">
      {before}
      <Fragment>{contact}</Fragment>
      {after}
    </span>
  );
}
