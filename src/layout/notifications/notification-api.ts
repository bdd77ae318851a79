/**
 * The caller's notifications as the bell and the notifications page read them (docs/notifications.md):
 * the unread count (polled, and again when the window regains focus), a page of the newest, and
 * marking read, after which both are read again.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import type { AppDataProvider } from '../../dataProvider';
import { notification } from '../../resources/notifications/notification';

export interface Notice {
  id: number; kind: string; level: 'info' | 'warning' | 'alert'; title: string; body: string | null; link: string | null;
  read_at: string | null; created_at: string;
}

const R = notification.name;
/** Often enough that a booking made by a carrier shows within a minute; cheap: one indexed count. */
const POLL_MS = 60_000;

export function useUnreadCount(): number {
  const dp = useDataProvider<AppDataProvider>();
  const { data } = useQuery({
    queryKey: [R, 'unread'],
    queryFn: () => dp.callAction(R, { action: 'unread_count', method: 'GET' }) as Promise<{ count: number }>,
    refetchInterval: POLL_MS,
    refetchOnWindowFocus: true,
  });
  return data?.count ?? 0;
}

/** The newest `size` notifications, only unread ones when `unread`. */
export function useNotices(size: number, unread = false, enabled = true) {
  const dp = useDataProvider<AppDataProvider>();
  return useQuery({
    queryKey: [R, 'list', size, unread],
    queryFn: async () => {
      const { data, total } = await dp.getList(R, { pagination: { page: 1, perPage: size }, sort: { field: 'id', order: 'DESC' }, filter: unread ? { read_at__isnull: true } : {} });
      return { rows: data as unknown as Notice[], total: total ?? data.length };
    },
    enabled,
  });
}

export function useMarkRead() {
  const dp = useDataProvider<AppDataProvider>();
  const client = useQueryClient();
  const done = () => client.invalidateQueries({ queryKey: [R] });
  const one = useMutation({ mutationFn: (id: number) => dp.callAction(R, { id, action: 'mark_read', method: 'POST' }), onSuccess: done });
  const all = useMutation({ mutationFn: () => dp.callAction(R, { action: 'mark_all_read', method: 'POST' }), onSuccess: done });
  return { one: one.mutateAsync, all: all.mutateAsync, busy: all.isPending };
}

/** Choosing a notice: it is marked read (once) and its page opens. */
export function useOpenNotice(): (n: Notice) => Promise<void> {
  const { one } = useMarkRead();
  const navigate = useNavigate();
  return async (n) => {
    if (!n.read_at) await one(n.id);
    if (n.link) navigate(n.link);
  };
}
