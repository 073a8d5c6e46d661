import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '@/components/toast/toast-provider';
import { TOAST_REMOVE_DELAY, toastReducer, type ToastItem } from '@/components/toast/toast-store';
import { useToast } from '@/components/toast/use-toast';

function Trigger() {
  const { toast } = useToast();
  return (
    <>
      <button
        onClick={() => toast({ title: 'Message sent!', description: "We'll get back to you as soon as possible." })}
      >
        first
      </button>
      <button onClick={() => toast({ title: 'Error', description: 'Failed to send message.', variant: 'destructive' })}>
        second
      </button>
    </>
  );
}

function setup() {
  render(
    <ToastProvider>
      <Trigger />
    </ToastProvider>,
  );
}

afterEach(() => {
  vi.useRealTimers();
});

describe('toasts (SPEC §9)', () => {
  it('shows title and description in a status toast', () => {
    setup();
    fireEvent.click(screen.getByText('first'));
    const toast = screen.getByRole('status');
    expect(toast).toHaveTextContent('Message sent!');
    expect(toast).toHaveTextContent("We'll get back to you as soon as possible.");
  });

  it('shows one toast at a time: a new one replaces the old', () => {
    setup();
    fireEvent.click(screen.getByText('first'));
    fireEvent.click(screen.getByText('second'));
    expect(screen.queryByText('Message sent!')).not.toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to send message.');
    expect(screen.getAllByRole('button', { name: 'Close notification' })).toHaveLength(1);
  });

  it('closes by itself after 5000 ms', () => {
    vi.useFakeTimers();
    setup();
    fireEvent.click(screen.getByText('first'));
    act(() => vi.advanceTimersByTime(4999));
    expect(screen.getByText('Message sent!')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Message sent!')).not.toBeInTheDocument();
  });

  it('closes with its close button', () => {
    setup();
    fireEvent.click(screen.getByText('first'));
    fireEvent.click(screen.getByRole('button', { name: 'Close notification' }));
    expect(screen.queryByText('Message sent!')).not.toBeInTheDocument();
  });

  it('is dismissed by a swipe to the right of at least 50 px, not by a shorter one', () => {
    setup();
    fireEvent.click(screen.getByText('first'));
    const toast = screen.getByRole('status');

    fireEvent.pointerDown(toast, { clientX: 100, pointerId: 1 });
    fireEvent.pointerMove(toast, { clientX: 140, pointerId: 1 });
    fireEvent.pointerUp(toast, { clientX: 149, pointerId: 1 });
    expect(screen.getByText('Message sent!')).toBeInTheDocument();

    fireEvent.pointerDown(toast, { clientX: 100, pointerId: 1 });
    fireEvent.pointerMove(toast, { clientX: 130, pointerId: 1 });
    fireEvent.pointerUp(toast, { clientX: 150, pointerId: 1 });
    expect(screen.queryByText('Message sent!')).not.toBeInTheDocument();
  });

  it('ignores a swipe to the left', () => {
    setup();
    fireEvent.click(screen.getByText('first'));
    const toast = screen.getByRole('status');
    fireEvent.pointerDown(toast, { clientX: 200, pointerId: 1 });
    fireEvent.pointerUp(toast, { clientX: 100, pointerId: 1 });
    expect(screen.getByText('Message sent!')).toBeInTheDocument();
  });

  it('moves focus to the notifications region on F8', () => {
    setup();
    fireEvent.keyDown(document, { key: 'F8' });
    expect(document.activeElement).toBe(screen.getByRole('region', { name: 'Notifications (F8)' }));
  });

  it('keeps a dismissed toast in state for 1,000,000 ms, then removes it', () => {
    const item: ToastItem = { id: 'a', title: 'x', variant: 'default', duration: 5000, open: true };
    const dismissed = toastReducer([item], { type: 'DISMISS', id: 'a' });
    expect(dismissed).toEqual([{ ...item, open: false }]);
    expect(toastReducer(dismissed, { type: 'REMOVE', id: 'a' })).toEqual([]);
    expect(TOAST_REMOVE_DELAY).toBe(1_000_000);
  });
});
