import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Pagination } from '../../../src/ui/Pagination.tsx';

afterEach(cleanup);

function setup(props: Partial<Parameters<typeof Pagination>[0]> = {}) {
  const onPageChange = vi.fn();
  const onPageSizeChange = vi.fn();
  render(
    <Pagination page={3} pageSize={10} totalCount={428} onPageChange={onPageChange} onPageSizeChange={onPageSizeChange} {...props} />,
  );
  return { onPageChange, onPageSizeChange };
}

const goTo = () => screen.getByLabelText('Go to page') as HTMLInputElement;

describe('pagination footer', () => {
  it('offers the standard page sizes plus the current one', () => {
    setup({ pageSize: 25, totalCount: 100, page: 1 });
    const options = Array.from((screen.getByLabelText('Items per page') as HTMLSelectElement).options).map((o) => o.value);
    expect(options).toEqual(['5', '10', '20', '25', '30', '50']);
  });

  it('tells the page size choice to the caller', () => {
    const { onPageSizeChange } = setup();
    fireEvent.change(screen.getByLabelText('Items per page'), { target: { value: '50' } });
    expect(onPageSizeChange).toHaveBeenCalledWith(50);
  });

  it('shows where the user is', () => {
    setup();
    expect(screen.getByText('21–30 of 428')).toBeTruthy();
    expect(screen.getByText('Page 3 of 43')).toBeTruthy();
  });

  it('goes to the page typed when Enter is pressed', () => {
    const { onPageChange } = setup();
    fireEvent.change(goTo(), { target: { value: '43' } });
    fireEvent.keyDown(goTo(), { key: 'Enter' });
    expect(onPageChange).toHaveBeenCalledWith(43);
  });

  it('refuses a page beyond the last one, with a message', () => {
    const { onPageChange } = setup();
    fireEvent.change(goTo(), { target: { value: '44' } });
    fireEvent.keyDown(goTo(), { key: 'Enter' });
    expect(onPageChange).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toBe('Enter a page between 1 and 43.');
    expect(goTo().getAttribute('aria-invalid')).toBe('true');
  });

  it('refuses page 0 and entries longer than 5 characters', () => {
    const { onPageChange } = setup({ totalCount: 10_000_000, pageSize: 10 });
    fireEvent.change(goTo(), { target: { value: '0' } });
    fireEvent.keyDown(goTo(), { key: 'Enter' });
    fireEvent.change(goTo(), { target: { value: '123456' } });
    expect(screen.getByRole('alert').textContent).toBe('Enter at most 5 characters.');
    fireEvent.keyDown(goTo(), { key: 'Enter' });
    expect(onPageChange).not.toHaveBeenCalled();
  });

  it('disables previous on the first page and next on the last', () => {
    const first = setup({ page: 1 });
    expect((screen.getByRole('button', { name: 'Previous page' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(first.onPageChange).toHaveBeenCalledWith(2);
    cleanup();
    setup({ page: 43 });
    expect((screen.getByRole('button', { name: 'Next page' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('empties the go-to box once the page has changed', () => {
    function Live() {
      const [page, setPage] = useState(1);
      return <Pagination page={page} pageSize={10} totalCount={428} onPageChange={setPage} />;
    }
    render(<Live />);
    fireEvent.change(goTo(), { target: { value: '12' } });
    act(() => {
      fireEvent.keyDown(goTo(), { key: 'Enter' });
    });
    expect(screen.getByText('Page 12 of 43')).toBeTruthy();
    expect(goTo().value).toBe('');
  });
});
