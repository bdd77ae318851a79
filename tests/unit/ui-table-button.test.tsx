// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { TableButton } from '../../src/table/TableButton';

afterEach(cleanup);

const inRouter = (ui: React.ReactNode) => render(<MemoryRouter>{ui}</MemoryRouter>);

describe('TableButton (docs/table.md, Buttons)', () => {
  it('shows its label and icon and calls onClick', () => {
    const onClick = vi.fn();
    inRouter(<TableButton label="Export" icon={<span data-testid="icon" />} onClick={onClick} />);
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('icon')).toBeTruthy();
  });

  it('does nothing while disabled', () => {
    const onClick = vi.fn();
    inRouter(<TableButton label="Export" disabled onClick={onClick} />);
    const button = screen.getByRole('button', { name: 'Export' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    fireEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('while loading: a spinner instead of the icon, busy and not pressable', () => {
    const onClick = vi.fn();
    inRouter(<TableButton label="Export" icon={<span data-testid="icon" />} loading onClick={onClick} />);
    const button = screen.getByRole('button', { name: /Export/ }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(screen.getByLabelText('Loading')).toBeTruthy();
    expect(screen.queryByTestId('icon')).toBeNull();
    fireEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('with a link target it is a link to that address', () => {
    inRouter(<TableButton label="Create" to="/product/create" />);
    const link = screen.getByRole('link', { name: 'Create' });
    expect(link.getAttribute('href')).toBe('/product/create');
  });

  it('shows its tooltip on hover, also when disabled', async () => {
    vi.useFakeTimers();
    try {
      inRouter(<TableButton label="Export" tooltip="Download as CSV" disabled />);
      fireEvent.mouseOver(screen.getByRole('button', { name: 'Export' }).parentElement!);
      await act(async () => { vi.advanceTimersByTime(1000); });
      expect(screen.getByRole('tooltip').textContent).toBe('Download as CSV');
    } finally {
      vi.useRealTimers();
    }
  });
});
