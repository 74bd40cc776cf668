import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useConfirmLeave } from '../../../src/ui/ConfirmLeave.tsx';
import { ConfirmDialog, Dialog, TypedConfirmDialog } from '../../../src/ui/Dialog.tsx';
import { SidePanel } from '../../../src/ui/SidePanel.tsx';

afterEach(cleanup);

const active = () => document.activeElement;
const flush = () => act(async () => {
  await Promise.resolve();
});

describe('confirm dialog that needs a typed word', () => {
  function setup() {
    const onConfirm = vi.fn();
    render(
      <TypedConfirmDialog open word="UNSUBSCRIBE" title="Unsubscribe" confirmLabel="Unsubscribe now" onConfirm={onConfirm} onCancel={() => {}} />,
    );
    const input = screen.getByLabelText('Confirmation word') as HTMLInputElement;
    const confirm = screen.getByRole('button', { name: 'Unsubscribe now' }) as HTMLButtonElement;
    return { onConfirm, input, confirm };
  }

  it('starts with the confirm button disabled and the word field focused', () => {
    const { input, confirm } = setup();
    expect(confirm.disabled).toBe(true);
    expect(active()).toBe(input);
    expect(screen.getByText('UNSUBSCRIBE')).toBeTruthy();
  });

  it('stays disabled until the exact word is typed (case matters)', () => {
    const { input, confirm, onConfirm } = setup();
    fireEvent.change(input, { target: { value: 'unsubscribe' } });
    expect(confirm.disabled).toBe(true);
    fireEvent.change(input, { target: { value: 'UNSUBSCRIBE ' } });
    expect(confirm.disabled).toBe(true);
    fireEvent.submit(input.form!);
    expect(onConfirm).not.toHaveBeenCalled();
    fireEvent.change(input, { target: { value: 'UNSUBSCRIBE' } });
    expect(confirm.disabled).toBe(false);
    fireEvent.click(confirm);
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('forgets what was typed when opened again', () => {
    function Reopen() {
      const [open, setOpen] = useState(true);
      return (
        <>
          <button onClick={() => setOpen(true)}>reopen</button>
          <TypedConfirmDialog open={open} word="DELETE" title="Delete" onConfirm={() => {}} onCancel={() => setOpen(false)} />
        </>
      );
    }
    render(<Reopen />);
    fireEvent.change(screen.getByLabelText('Confirmation word'), { target: { value: 'DELETE' } });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    fireEvent.click(screen.getByText('reopen'));
    expect((screen.getByLabelText('Confirmation word') as HTMLInputElement).value).toBe('');
    expect((screen.getByRole('button', { name: 'Confirm' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('plain confirm dialog', () => {
  it('focuses cancel first, confirms and cancels', () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    render(<ConfirmDialog open title="Renew credential" message="Sure?" onConfirm={onConfirm} onCancel={onCancel} />);
    expect(screen.getByRole('alertdialog').getAttribute('aria-labelledby')).toBeTruthy();
    expect(active()).toBe(screen.getByRole('button', { name: 'Cancel' }));
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(onConfirm).toHaveBeenCalled();
    fireEvent.keyDown(active()!, { key: 'Escape' });
    expect(onCancel).toHaveBeenCalled();
  });
});

describe('side panel focus', () => {
  function Page() {
    const [open, setOpen] = useState(false);
    return (
      <>
        <button onClick={() => setOpen(true)}>Open panel</button>
        <button>Outside</button>
        <SidePanel
          open={open}
          title="Edit application"
          onClose={() => setOpen(false)}
          footer={<button onClick={() => setOpen(false)}>Save</button>}
        >
          <label htmlFor="name">Name</label>
          <input id="name" />
        </SidePanel>
      </>
    );
  }

  it('moves focus inside, keeps Tab and Shift+Tab inside, and closes on Escape back to the opener', async () => {
    render(<Page />);
    const opener = screen.getByRole('button', { name: 'Open panel' });
    opener.focus();
    fireEvent.click(opener);
    expect(screen.getByRole('heading', { name: 'Edit application' })).toBeTruthy();

    const close = screen.getByRole('button', { name: 'Close' });
    const save = screen.getByRole('button', { name: 'Save' });
    expect(active()).toBe(close);

    // Shift+Tab from the first control wraps to the last one.
    fireEvent.keyDown(close, { key: 'Tab', shiftKey: true });
    expect(active()).toBe(save);
    // Tab from the last control wraps to the first one, never to the page behind.
    fireEvent.keyDown(save, { key: 'Tab' });
    expect(active()).toBe(close);

    fireEvent.keyDown(screen.getByLabelText('Name'), { key: 'Escape' });
    expect(screen.queryByRole('heading', { name: 'Edit application' })).toBeNull();
    await flush();
    expect(active()).toBe(opener);
  });

  it('pulls focus back inside when it is somewhere else', () => {
    render(<Page />);
    fireEvent.click(screen.getByRole('button', { name: 'Open panel' }));
    const outside = screen.getByRole('button', { name: 'Outside', hidden: true });
    outside.focus();
    fireEvent.keyDown(screen.getByLabelText('Name'), { key: 'Tab' });
    // A Tab reaching the panel while focus is outside brings it back to the panel's first control.
    expect(active()).toBe(screen.getByRole('button', { name: 'Close' }));
  });
});

describe('confirm on leave', () => {
  function Form({ onLeave }: { onLeave: () => void }) {
    const [dirty, setDirty] = useState(false);
    const leave = useConfirmLeave(dirty);
    return (
      <>
        <input aria-label="Title" onChange={() => setDirty(true)} />
        <button onClick={() => leave.guard(onLeave)}>Back to list</button>
        {leave.dialog}
      </>
    );
  }

  it('leaves at once when nothing changed', async () => {
    const onLeave = vi.fn();
    render(<Form onLeave={onLeave} />);
    fireEvent.click(screen.getByText('Back to list'));
    await flush();
    expect(onLeave).toHaveBeenCalled();
    expect(screen.queryByText('Unsaved changes')).toBeNull();
  });

  it('asks first with unsaved changes: stay keeps the page, leave goes', async () => {
    const onLeave = vi.fn();
    render(<Form onLeave={onLeave} />);
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'x' } });
    fireEvent.click(screen.getByText('Back to list'));
    expect(screen.getByText('Unsaved changes')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Stay on page' }));
    await flush();
    expect(onLeave).not.toHaveBeenCalled();
    expect(screen.queryByText('Unsaved changes')).toBeNull();

    fireEvent.click(screen.getByText('Back to list'));
    fireEvent.click(screen.getByRole('button', { name: 'Leave page' }));
    await flush();
    expect(onLeave).toHaveBeenCalledTimes(1);
  });

  it('guards closing or reloading the tab only while there are unsaved changes', () => {
    render(<Form onLeave={() => {}} />);
    const before = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(before);
    expect(before.defaultPrevented).toBe(false);
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'x' } });
    const after = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(after);
    expect(after.defaultPrevented).toBe(true);
  });
});

describe('dialog closed by the browser itself', () => {
  it('tells the owner, so a dismissible dialog does not linger as invisible state', () => {
    const onClose = vi.fn();
    render(<Dialog open title="Details" onClose={onClose}>Body</Dialog>);
    act(() => (document.querySelector('dialog') as HTMLDialogElement).close());
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('opens a dialog that cannot be dismissed again', () => {
    render(<Dialog open title="Registration complete">Body</Dialog>);
    const dialog = document.querySelector('dialog') as HTMLDialogElement;
    act(() => dialog.close());
    expect(dialog.open).toBe(true);
    fireEvent.keyDown(screen.getByText('Body'), { key: 'Escape' });
    expect(dialog.open).toBe(true);
  });
});
