// A page of every shared piece, for looking at them (dev element agora-ui-gallery).
import { useState, type ReactNode } from 'react';
import { Alert } from './Alert.tsx';
import { BreadcrumbHeader } from './Breadcrumb.tsx';
import { Button, IconButton } from './Button.tsx';
import { useConfirmLeave } from './ConfirmLeave.tsx';
import { CopyButton } from './CopyButton.tsx';
import { DataTable, type SortState } from './DataTable.tsx';
import { ConfirmDialog, TypedConfirmDialog } from './Dialog.tsx';
import { useT } from './i18n.ts';
import { IconColumns } from './moreIcons.tsx';
import { Markdown } from './Markdown.tsx';
import { PagedSelect } from './PagedSelect.tsx';
import { Pagination } from './Pagination.tsx';
import { EmptyPlaceholder, ErrorPlaceholder, LoadingPlaceholder, UnauthorizedPlaceholder } from './Placeholders.tsx';
import { SearchInput } from './SearchInput.tsx';
import { SidePanel } from './SidePanel.tsx';
import { StarRating } from './StarRating.tsx';
import { StarRatingInput } from './StarRatingInput.tsx';
import { Status, VERSION_STATE_TONE, RESOURCE_STATE_TONE, toneOf } from './Status.tsx';
import { Tabs, TabPanel } from './Tabs.tsx';
import { Tooltip } from './Tooltip.tsx';

// Sample content only; the gallery is a developer page, not a screen.
const SAMPLE_MD = `# Getting started

Call the **Payments API** with a bearer token. See [the reference](https://example.com/docs) or jump to [errors](#errors).

## Authentication

\`\`\`bash
curl -H "Authorization: Bearer $TOKEN" https://api.example.com/v1/payments
\`\`\`

| Field | Type | Notes |
|---|---|---|
| amount | integer | minor units |
| currency | string | ISO 4217 |

## Errors

> A broken image is replaced by a note:

![diagram](https://invalid.invalid/missing.png)

<img src="x" onerror="alert(1)"> <script>alert(2)</script>
`;

interface Row {
  id: string;
  name: string;
  state: string;
  type: string;
  expires: string;
  resources: number;
}

const ROWS: Row[] = [
  { id: 'c1', name: 'Checkout key', state: 'active', type: 'APIKey', expires: '2026-01-31', resources: 4 },
  { id: 'c2', name: 'Partner OAuth client', state: 'archiving', type: 'OAuth', expires: '2025-11-02', resources: 2 },
  { id: 'c3', name: 'Legacy basic auth', state: 'deleting', type: 'HTTPBasic', expires: '—', resources: 1 },
  { id: 'c4', name: 'Mobile app', state: 'active', type: 'OAuth', expires: '2026-06-15', resources: 7 },
];

const TEAMS = Array.from({ length: 37 }, (_, i) => ({ id: `t${i + 1}`, name: `Team ${String(i + 1).padStart(2, '0')}` }));

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="min-w-0 rounded-lg border border-gray-200 bg-white p-5 shadow-sm">
      <h2 className="m-0 mb-4 text-sm font-semibold uppercase tracking-wide text-gray-500">{title}</h2>
      {children}
    </section>
  );
}

export default function Gallery() {
  const t = useT();
  const [tab, setTab] = useState('overview');
  const [page, setPage] = useState(3);
  const [pageSize, setPageSize] = useState(10);
  const [rating, setRating] = useState<number | null>(4);
  const [panel, setPanel] = useState(false);
  const [confirm, setConfirm] = useState(false);
  const [typed, setTyped] = useState(false);
  const [dirty, setDirty] = useState(false);
  const [sort, setSort] = useState<SortState>({ key: 'name', direction: 'asc' });
  const [selected, setSelected] = useState<Set<string>>(new Set(['c1']));
  const [team, setTeam] = useState<{ id: string; name: string } | null>(null);
  const [submitted, setSubmitted] = useState('');
  const leave = useConfirmLeave(dirty);

  return (
    <div className="min-h-screen bg-gray-50 text-gray-900">
      <BreadcrumbHeader
        items={[{ label: 'Home', href: '#' }, { label: 'Products', href: '#' }, { label: 'Payments API' }]}
        title={t('ui.gallery.title')}
        subtitle={<Status tone="success">active</Status>}
        actions={
          <>
            <Button variant="secondary">Secondary</Button>
            <Button>Primary</Button>
          </>
        }
      />
      <main className="mx-auto grid max-w-6xl gap-5 p-4 sm:p-6 lg:grid-cols-2">
        <Section title="Buttons and states">
          <div className="flex flex-wrap items-center gap-2">
            <Button>Subscribe</Button>
            <Button format="outline">Outline</Button>
            <Button variant="secondary">Cancel</Button>
            <Button variant="danger">Delete</Button>
            <Button variant="ghost">Ghost</Button>
            <Button busy>Saving</Button>
            <Button radius="pill">Pill</Button>
            <Button radius="square" size="sm">Square</Button>
            <IconButton label="Columns"><IconColumns /></IconButton>
          </div>
          <div className="mt-4 flex flex-wrap gap-2">
            {['active', 'deprecated', 'archived'].map((s) => <Status key={s} tone={toneOf(VERSION_STATE_TONE, s)}>{s}</Status>)}
            {['deleting', 'archiving'].map((s) => <Status key={s} tone={toneOf(RESOURCE_STATE_TONE, s)} variant="dot">{s}</Status>)}
            <Status tone="info">info</Status>
          </div>
        </Section>

        <Section title="Tabs">
          <Tabs
            idBase="gallery"
            label="Product"
            selected={tab}
            onSelect={setTab}
            tabs={[
              { id: 'overview', label: 'Overview' },
              { id: 'resources', label: 'Resources', count: 12 },
              { id: 'plans', label: 'Plans' },
              { id: 'ratings', label: 'Ratings', disabled: true },
            ]}
          />
          <TabPanel idBase="gallery" tabId={tab} className="pt-3 text-sm text-gray-600">
            Panel of “{tab}”. Use the arrow keys on the tabs.
          </TabPanel>
        </Section>

        <Section title="Search and selectors">
          <SearchInput onSubmit={setSubmitted} debounce placeholder="Search products" />
          <p className="m-0 mt-2 text-xs text-gray-500">Submitted: “{submitted}”</p>
          <div className="mt-4">
            <PagedSelect
              label="Owning team"
              value={team}
              onChange={setTeam}
              clearable
              getKey={(x) => x.id}
              getLabel={(x) => x.name}
              loadPage={async ({ page, pageSize: size, search }) => {
                await new Promise((r) => setTimeout(r, 300));
                const matches = TEAMS.filter((x) => x.name.toLowerCase().includes(search.toLowerCase()));
                return { items: matches.slice((page - 1) * size, page * size), totalCount: matches.length };
              }}
            />
          </div>
        </Section>

        <Section title="Ratings, tooltip, copy">
          <div className="flex flex-wrap items-center gap-6">
            <StarRating value={3.5} showValue count={128} />
            <StarRating value={4.26} size={20} />
            <StarRating value={null} />
          </div>
          <div className="mt-3 flex items-center gap-3">
            <StarRatingInput value={rating} onChange={setRating} />
            <span className="text-sm text-gray-600">{rating ?? '—'}</span>
          </div>
          <div className="mt-4 flex flex-wrap items-center gap-4">
            <Tooltip content="Resource definition not found">
              <Button variant="secondary" size="sm">Hover me</Button>
            </Tooltip>
            <Tooltip content="No subscription found" focusableWrapper>
              <Button size="sm" disabled>Write a review</Button>
            </Tooltip>
            <code className="rounded bg-gray-100 px-2 py-1 text-xs">sk_live_51H…9xQ</code>
            <CopyButton value="sk_live_51Hsecret9xQ" label="Copy key" />
          </div>
        </Section>

        <Section title="Alerts">
          <div className="space-y-2">
            <Alert tone="info" title="Heads up" dismissible>This version is not the latest.</Alert>
            <Alert tone="warning">An invoice is pending for this subscription.</Alert>
            <Alert tone="danger" title="Deleted">This resource was deleted. Please contact us.</Alert>
            <Alert tone="success" dismissible>Subscription approved.</Alert>
          </div>
        </Section>

        <Section title="Dialogs and side panel">
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" onClick={() => setPanel(true)}>Open side panel</Button>
            <Button variant="secondary" onClick={() => setConfirm(true)}>Confirm</Button>
            <Button variant="danger" onClick={() => setTyped(true)}>Unsubscribe…</Button>
          </div>
          <SidePanel
            open={panel}
            title="Edit application"
            subtitle="Unsaved edits ask before closing"
            onClose={() => leave.guard(() => { setPanel(false); setDirty(false); })}
            footer={
              <>
                <Button variant="secondary" onClick={() => leave.guard(() => { setPanel(false); setDirty(false); })}>Cancel</Button>
                <Button onClick={() => { setDirty(false); setPanel(false); }}>Save</Button>
              </>
            }
          >
            <label className="block text-sm font-medium text-gray-700" htmlFor="gallery-name">Name</label>
            <input
              id="gallery-name"
              className="mt-1 block h-10 w-full rounded-md border border-gray-300 px-3 text-sm focus:outline-none focus:ring-2 focus:ring-primary"
              defaultValue="Mobile app"
              onChange={() => setDirty(true)}
            />
            {leave.dialog}
          </SidePanel>
          <ConfirmDialog
            open={confirm}
            title="Renew credential"
            message="A new expiry date will be set for this credential."
            onCancel={() => setConfirm(false)}
            onConfirm={() => setConfirm(false)}
          />
          <TypedConfirmDialog
            open={typed}
            word="UNSUBSCRIBE"
            title="Unsubscribe from Gold plan"
            message="Applications lose access to the resources of this plan."
            confirmLabel="Unsubscribe"
            onCancel={() => setTyped(false)}
            onConfirm={() => setTyped(false)}
          />
        </Section>

        <div className="lg:col-span-2">
          <Section title="Table, column customisation and pagination">
            <DataTable
              label="Credentials"
              tableId="gallery.credentials"
              rows={ROWS}
              rowKey={(r) => r.id}
              sort={sort}
              onSortChange={setSort}
              selection={{ selected, onChange: setSelected, isSelectable: (k) => k !== 'c3', disabledReason: () => 'Already registered' }}
              renderExpanded={(r) => <span className="text-sm text-gray-600">{r.resources} resources use “{r.name}”.</span>}
              toolbar={<SearchInput placeholder="Search credentials" className="max-w-xs" />}
              columns={[
                { id: 'name', header: 'Name', cell: (r) => <span className="font-medium">{r.name}</span>, sortKey: 'name', required: true },
                { id: 'state', header: 'State', cell: (r) => <Status tone={toneOf(RESOURCE_STATE_TONE, r.state)} variant="dot">{r.state}</Status> },
                { id: 'type', header: 'Credential type', cell: (r) => r.type },
                { id: 'resources', header: 'Resources', cell: (r) => r.resources, align: 'right' },
                { id: 'expires', header: 'Expires', cell: (r) => r.expires, sortKey: 'expiry' },
                { id: 'owner', header: 'Owning team', cell: () => 'Payments', hiddenByDefault: true },
              ]}
              footer={
                <Pagination page={page} pageSize={pageSize} totalCount={428} onPageChange={setPage} onPageSizeChange={(s) => { setPageSize(s); setPage(1); }} />
              }
            />
          </Section>
        </div>

        <Section title="Markdown">
          <Markdown source={SAMPLE_MD} />
        </Section>

        <Section title="Placeholders">
          <LoadingPlaceholder />
          <EmptyPlaceholder />
          <ErrorPlaceholder
            onRetry={() => undefined}
            error={Object.assign(new Error('The product could not be loaded.'), {
              status: 400,
              errors: [{ status: 400, title: 'Bad Request', detail: 'limit must be at most 100', source: { parameter: 'limit' } }],
            })}
          />
          <UnauthorizedPlaceholder />
        </Section>
      </main>
    </div>
  );
}
