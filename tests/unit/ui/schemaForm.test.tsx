import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SchemaForm, type SchemaFormChange } from '../../../src/ui/SchemaForm.tsx';
import { errorSchemaOf, orderedProperties, uiSchemaFor } from '../../../src/ui/schemaForm/uiSchema.ts';
import { accessRequestDefinitions, credentialRequestDefinitions } from '../../../server/seed/definitions.ts';

afterEach(cleanup);
// rjsf and ajv take a few seconds to import the first time on a busy machine.
beforeAll(() => import('../../../src/ui/schemaForm/RjsfForm.tsx'), 60_000);

const payments = accessRequestDefinitions.find((d) => d.id === 'ard-payments')!.schema;
const apiKeyProvision = credentialRequestDefinitions.find((d) => d.id === 'crd-apikey')!.provisionSchema;

describe('x-agora-* extensions as a uiSchema', () => {
  it('orders by x-agora-order, unordered fields last in schema order', () => {
    expect(orderedProperties({ c: {}, b: { 'x-agora-order': 2 }, a: { 'x-agora-order': 1 }, d: {} })).toEqual(['a', 'b', 'c', 'd']);
  });

  it('maps label, widget, hidden, options, placeholder, encrypted and copyable', () => {
    const ui = uiSchemaFor(payments) as Record<string, Record<string, unknown>>;
    expect(ui['ui:order']).toEqual(['purpose', 'description', 'expectedMonthlyVolume', 'environment', 'acceptsTerms', 'referral', '*']);
    expect(ui.purpose).toMatchObject({ 'ui:title': 'What will you use the API for?', 'ui:widget': 'select' });
    expect(ui.description).toMatchObject({ 'ui:widget': 'textarea', 'ui:options': { rows: 4 } });
    expect(ui.environment!['ui:widget']).toBe('radio');
    expect(ui.referral!['ui:widget']).toBe('hidden');
    const key = uiSchemaFor(apiKeyProvision) as Record<string, Record<string, unknown>>;
    expect(key.apiKey!['ui:options']).toEqual({ encrypted: true, copyable: true });
    expect(uiSchemaFor({ type: 'string', 'x-agora-widget': 'unknown' })).toEqual({});
  });

  it('turns server errors naming data.<field> into an error schema', () => {
    expect(errorSchemaOf({ 'data.contact.email': 'bad', purpose: 'required' })).toEqual({
      contact: { email: { __errors: ['bad'] } }, purpose: { __errors: ['required'] },
    });
    expect(errorSchemaOf({})).toBeUndefined();
  });
});

describe('SchemaForm', () => {
  it('reports defaults and the error count, and labels every control', async () => {
    const changes: SchemaFormChange[] = [];
    // React 19 retries a suspended lazy component only once the act around the render is awaited.
    await act(async () => { render(<SchemaForm schema={payments} onChange={(c) => changes.push(c)} idPrefix="t" />); });
    const purpose = await screen.findByLabelText(/What will you use the API for/);
    expect(purpose.tagName).toBe('SELECT');
    await waitFor(() => expect(changes.length).toBeGreaterThan(0));
    expect(changes[0]).toMatchObject({ initial: true, data: { environment: 'sandbox', referral: 'marketplace' } });
    expect(changes[0]!.data.acceptsTerms).not.toBe(true);
    expect(changes[0]!.errors).toBeGreaterThan(0);
    // Choices are listed by their titles (oneOf const + title), the stored value stays the const.
    expect((screen.getByRole('radio', { name: 'Sandbox (test data)' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('option', { name: 'Online shop checkout' })).toBeTruthy();

    fireEvent.change(purpose, { target: { value: '0' } });
    fireEvent.click(screen.getByRole('checkbox', { name: /I accept the processing terms/ }));
    await waitFor(() => expect(changes.at(-1)!.errors).toBe(0));
    expect(changes.at(-1)!.data).toMatchObject({ purpose: 'ecommerce', acceptsTerms: true });
  });

  it('masks encrypted values until shown, and offers decrypt when there is none', async () => {
    const onDecrypt = vi.fn();
    let unmount = () => {};
    await act(async () => { ({ unmount } = render(<SchemaForm schema={apiKeyProvision} data={{ apiKey: 's3cret', header: 'X-Api-Key' }} readOnly />)); });
    const key = (await screen.findByLabelText('API key')) as HTMLInputElement;
    expect(key.value).not.toContain('s3cret');
    fireEvent.click(screen.getByRole('button', { name: /show/i }));
    expect(key.value).toBe('s3cret');
    unmount();
    await act(async () => { render(<SchemaForm schema={apiKeyProvision} data={{ header: 'X-Api-Key' }} readOnly onDecrypt={onDecrypt} />); });
    fireEvent.click(await screen.findByRole('button', { name: /decrypt/i }));
    expect(onDecrypt).toHaveBeenCalled();
  });
});
