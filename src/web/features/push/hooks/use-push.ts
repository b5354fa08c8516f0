import { useQueryClient } from "@tanstack/react-query";
import { useQuery } from "#web/lib/use-query.ts";
import { useMutation } from "#web/lib/use-mutation.ts";
import type { PushOverview, PushSettingsView } from "#shared/push.ts";
import { api } from "#web/lib/api.ts";
import { devicePushState, subscribeDevice, unsubscribeDevice } from "#web/features/push/push-device.ts";

export const pushKey = ["account", "push"] as const;
const deviceKey = ["account", "push", "this-device"] as const;

/** GET /api/push: the server's key, the account's settings and devices. */
export function usePushOverview(options: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: pushKey, queryFn: ({ signal }) => api<PushOverview>("/api/push", { signal }), enabled: options.enabled ?? true });
}

/** Whether this browser can, may and does receive pushes. */
export function useDevicePush() {
  return useQuery({ queryKey: deviceKey, queryFn: devicePushState, staleTime: Infinity });
}

/** Turns this device's pushes on (asking the browser) or off; the device list follows. */
export function useToggleDevicePush() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (on: boolean) => {
      if (!on) return unsubscribeDevice();
      const overview = await queryClient.fetchQuery({ queryKey: pushKey, queryFn: ({ signal }) => api<PushOverview>("/api/push", { signal }) });
      if (!overview.publicKey) throw new Error("no push key");
      return subscribeDevice(overview.publicKey);
    },
    onSuccess: (state) => queryClient.setQueryData(deviceKey, state),
    onSettled: () => queryClient.invalidateQueries({ queryKey: pushKey }),
  });
}

export function useSavePushSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: PushSettingsView) => api<{ settings: PushSettingsView }>("/api/push/settings", { method: "PUT", body: { ...settings } }),
    onSuccess: ({ settings }) => queryClient.setQueryData<PushOverview>(pushKey, (before) => (before ? { ...before, settings } : before)),
  });
}

export function useRemovePushDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(`/api/push/subscriptions/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: pushKey }), queryClient.invalidateQueries({ queryKey: deviceKey })]),
  });
}

const muteKey = (eventId: string) => ["push", "mute", eventId] as const;

/** Whether the viewer muted this game's pushes. */
export function useGameMute(eventId: string, options: { enabled: boolean }) {
  return useQuery({ queryKey: muteKey(eventId), queryFn: ({ signal }) => api<{ muted: boolean }>(`/api/push/mutes/${encodeURIComponent(eventId)}`, { signal }), enabled: options.enabled });
}

export function useSetGameMute(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (muted: boolean) => api<{ muted: boolean }>(`/api/push/mutes/${encodeURIComponent(eventId)}`, { method: "PUT", body: { muted } }),
    onSuccess: (answer) => queryClient.setQueryData(muteKey(eventId), answer),
  });
}
