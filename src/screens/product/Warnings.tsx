// The contact hints of spec 1 §4: a product or version whose status is warning or error, and
// resources of the version that the provider deleted.
import { useMessages } from '../../i18n/intl.ts';
import { deletedResources, statusNeedsContact } from '../../rules/version.ts';
import { Alert } from '../../ui/Alert.tsx';
import { ContactLine } from './ContactLine.tsx';
import { useProductPage } from './context.ts';

export function Warnings() {
  const { t } = useMessages('product');
  const { product, version, resources } = useProductPage();
  const email = product.contact?.email;
  const deleted = deletedResources(resources ?? []);
  const productStatus = product.status;
  // The latest version usually carries the product's own status: one hint says it.
  const versionStatus = version && version.latest && version.status === productStatus && statusNeedsContact(productStatus) ? null : version?.status;
  if (!statusNeedsContact(productStatus) && !statusNeedsContact(versionStatus) && deleted.length === 0) return null;
  return (
    <div className="mt-4 flex flex-col gap-3" data-part="warnings">
      {statusNeedsContact(productStatus) && (
        <Alert tone={productStatus === 'error' ? 'danger' : 'warning'} title={t(productStatus === 'error' ? 'product.warning.productError' : 'product.warning.productWarning')}>
          <ContactLine email={email} />
        </Alert>
      )}
      {version && statusNeedsContact(versionStatus) && (
        <Alert
          tone={versionStatus === 'error' ? 'danger' : 'warning'}
          title={t(versionStatus === 'error' ? 'product.warning.versionError' : 'product.warning.versionWarning', { version: version.label })}
        >
          <ContactLine email={email} />
        </Alert>
      )}
      {deleted.length > 0 && (
        <Alert tone="warning" title={t('product.warning.deleted', { count: deleted.length })}>
          <p className="m-0">{deleted.map((r) => r.title).join(', ')}</p>
          <ContactLine email={email} className="mt-1 block" />
        </Alert>
      )}
    </div>
  );
}
