import { type FormEvent, useEffect, useId, useState } from "react";
import { PUSH_KINDS, type PushKind, type PushSettingsView } from "#shared/push.ts";
import { Button, Card, FormMessage } from "#web/components/form.tsx";
import { Switch, TextField } from "#web/components/form-fields.tsx";
import { t } from "#web/i18n/i18n.ts";
import { errorMessage } from "#web/lib/api.ts";
import { QueryError } from "#web/features/events/components/query-error.tsx";
import { useDevicePush, usePushOverview, useRemovePushDevice, useSavePushSettings, useToggleDevicePush } from "#web/features/push/hooks/use-push.ts";

const KIND_TEXT: Record<PushKind, { label: Parameters<typeof t>[0]; hint: Parameters<typeof t>[0] }> = {
  promotion: { label: "account.push.kind.promotion", hint: "account.push.kind.promotionHint" },
  changes: { label: "account.push.kind.changes", hint: "account.push.kind.changesHint" },
  decision: { label: "account.push.kind.decision", hint: "account.push.kind.decisionHint" },
  reminders: { label: "account.push.kind.reminders", hint: "account.push.kind.remindersHint" },
  openings: { label: "account.push.kind.openings", hint: "account.push.kind.openingsHint" },
  spots: { label: "account.push.kind.spots", hint: "account.push.kind.spotsHint" },
};

/**
 * Profile: "Notifications on this device" (docs/notifications.md): this browser turned on or off,
 * what is sent (a switch per kind), quiet hours, and every device of the account with a way to remove
 * it. The settings are the account's, for all its devices; mails go whatever is chosen here.
 */
export function PushSection() {
  const headingId = useId();
  const overview = usePushOverview();
  return (
    <Card aria-labelledby={headingId}>
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {t("account.push.title")}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t("account.push.what")}</p>
      <div className="mt-4 flex flex-col gap-6">
        <ThisDevice />
        {overview.isPending ? (
          <p role="status" className="text-sm text-slate-600">
            {t("account.push.loading")}
          </p>
        ) : overview.isError ? (
          <QueryError title={t("account.push.loadFailed")} error={overview.error} onRetry={() => void overview.refetch()} />
        ) : (
          <>
            <Kinds settings={overview.data.settings} />
            <QuietHours settings={overview.data.settings} />
            <Devices devices={overview.data.devices} />
          </>
        )}
      </div>
    </Card>
  );
}

function ThisDevice() {
  // What this browser supports is known once hydrated; the server draws the section without it.
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const device = useDevicePush();
  const toggle = useToggleDevicePush();
  if (!mounted || device.isPending) {
    return (
      <p role="status" className="text-sm text-slate-600">
        {t("account.push.checking")}
      </p>
    );
  }
  const state = device.data ?? "unsupported";
  const words = { unsupported: "account.push.unsupported", blocked: "account.push.blocked", off: "account.push.off", on: "account.push.on" } as const;
  return (
    <div className="flex flex-col gap-3">
      <p role="status" className="font-medium text-slate-800">
        {t(words[state])}
      </p>
      {(state === "off" || state === "on") && (
        <div>
          <Button type="button" variant={state === "on" ? "secondary" : "primary"} disabled={toggle.isPending} onClick={() => toggle.mutate(state === "off")} className="w-full sm:w-auto">
            {toggle.isPending ? t("account.push.working") : state === "off" ? t("account.push.turnOn") : t("account.push.turnOff")}
          </Button>
        </div>
      )}
      {toggle.isError && <FormMessage kind="error">{t("account.push.failed", { reason: errorMessage(toggle.error) })}</FormMessage>}
    </div>
  );
}

function Kinds({ settings }: { settings: PushSettingsView }) {
  const save = useSavePushSettings();
  const headingId = useId();
  const change = (kind: PushKind, on: boolean) => {
    if (!save.isPending) save.mutate({ ...settings, kinds: { ...settings.kinds, [kind]: on } });
  };
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h3 id={headingId} className="font-semibold text-slate-900">
        {t("account.push.kinds")}
      </h3>
      {PUSH_KINDS.map((kind) => (
        <Switch key={kind} label={t(KIND_TEXT[kind].label)} hint={t(KIND_TEXT[kind].hint)} checked={settings.kinds[kind]} busy={save.isPending} onChange={(on) => change(kind, on)} />
      ))}
      {save.isError && <FormMessage kind="error">{t("account.push.failed", { reason: errorMessage(save.error) })}</FormMessage>}
    </section>
  );
}

function QuietHours({ settings }: { settings: PushSettingsView }) {
  const save = useSavePushSettings();
  const headingId = useId();
  const [start, setStart] = useState(settings.quietStart);
  const [end, setEnd] = useState(settings.quietEnd);
  const [saved, setSaved] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    save.mutate({ ...settings, quietStart: start, quietEnd: end }, { onSuccess: () => setSaved(true) });
  };
  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId} className="font-semibold text-slate-900">
        {t("account.push.quiet")}
      </h3>
      <p className="mt-1 text-sm text-slate-600">{t("account.push.quietHint")}</p>
      <form onSubmit={submit} className="mt-3 flex flex-col gap-3">
        <div className="grid grid-cols-2 gap-4">
          <TextField label={t("account.push.quietFrom")} type="time" required value={start} onChange={(e) => setStart(e.target.value)} />
          <TextField label={t("account.push.quietUntil")} type="time" required value={end} onChange={(e) => setEnd(e.target.value)} />
        </div>
        <FormMessage kind={save.isError ? "error" : "success"}>
          {save.isError ? t("account.push.failed", { reason: errorMessage(save.error) }) : saved ? t("account.push.quietSaved") : ""}
        </FormMessage>
        <div>
          <Button type="submit" disabled={save.isPending} className="w-full sm:w-auto">
            {save.isPending ? t("account.form.saving") : t("account.push.quietSave")}
          </Button>
        </div>
      </form>
    </section>
  );
}

function Devices({ devices }: { devices: { id: string; label: string; createdAt: string }[] }) {
  const remove = useRemovePushDevice();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId} className="font-semibold text-slate-900">
        {t("account.push.devices")}
      </h3>
      {devices.length === 0 ? (
        <p className="mt-1 text-sm text-slate-600">{t("account.push.noDevices")}</p>
      ) : (
        <ul className="mt-2 flex flex-col divide-y divide-slate-100">
          {devices.map((device) => (
            <li key={device.id} className="flex items-center justify-between gap-4 py-2">
              <span className="min-w-0 text-sm text-slate-800">
                {device.label}
                <span className="block text-xs text-slate-500">{t("account.push.added", { date: new Date(device.createdAt).toLocaleDateString() })}</span>
              </span>
              <button
                type="button"
                aria-label={t("account.push.removeDevice", { label: device.label })}
                disabled={remove.isPending}
                onClick={() => remove.mutate(device.id)}
                className="rounded-md px-3 py-1 text-sm font-semibold text-red-700 hover:bg-red-50 focus:outline-2 focus:outline-green-700"
              >
                {t("account.push.remove")}
              </button>
            </li>
          ))}
        </ul>
      )}
      {remove.isError && <FormMessage kind="error">{t("account.push.failed", { reason: errorMessage(remove.error) })}</FormMessage>}
    </section>
  );
}
