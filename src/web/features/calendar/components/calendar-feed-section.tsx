import { useId, useState } from "react";
import type { CalendarFeedCreated } from "../../../../shared/calendar.ts";
import { ConfirmDialog } from "../../../components/confirm-dialog.tsx";
import { Button, Card, FormMessage } from "../../../components/form.tsx";
import { useNotify } from "../../../components/notification.tsx";
import { errorMessage } from "../../../lib/api.ts";
import { QueryError } from "../../events/components/query-error.tsx";
import { useCalendarFeedStatus, useReplaceCalendarFeed } from "../hooks/use-calendar-feed.ts";

const dateFormat = new Intl.DateTimeFormat("en-US", { month: "long", day: "numeric", year: "numeric" });

/**
 * Profile: "Subscribe in your calendar". The feed's address holds a secret that the server keeps
 * only as a hash, so it is shown when it is made (here, until the page is left); after that the
 * section says a link exists and offers to replace it, which also stops the old one
 * (docs/calendar-and-reminders.md, "The feed's token").
 */
export function CalendarFeedSection() {
  const headingId = useId();
  const linkId = useId();
  const status = useCalendarFeedStatus();
  const replace = useReplaceCalendarFeed();
  const notify = useNotify();
  const [made, setMade] = useState<CalendarFeedCreated["feed"] | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState("");
  const hasLink = Boolean(made ?? status.data?.feed);

  const makeLink = () => {
    setError("");
    replace.mutate(undefined, {
      onSuccess: ({ feed }) => {
        setMade(feed);
        setConfirming(false);
      },
      onError: (caught) => {
        setConfirming(false);
        setError(`Failed to make a calendar link: ${errorMessage(caught)}`);
      },
    });
  };

  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      notify("Link copied to clipboard");
    } catch {
      setError("The link could not be copied: select it and copy it yourself.");
    }
  };

  return (
    <Card aria-labelledby={headingId}>
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        Subscribe in your calendar
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        The games you hold a spot in, in your phone's or computer's calendar, kept up to date (calendars check about once an hour). A game you leave
        or that is cancelled shows as cancelled. The link is private: anyone who has it can see your games.
      </p>
      <div className="mt-4 flex flex-col gap-3">
        {status.isPending ? (
          <p role="status" className="text-sm text-slate-600">
            Checking your calendar link...
          </p>
        ) : status.isError ? (
          <QueryError title="Your calendar link could not be checked." error={status.error} onRetry={() => void status.refetch()} />
        ) : made ? (
          <div className="flex flex-col gap-2">
            <label htmlFor={linkId} className="font-medium text-slate-800">
              Your calendar link
            </label>
            <input
              id={linkId}
              readOnly
              value={made.webcalUrl}
              aria-describedby={`${linkId}-hint`}
              onFocus={(e) => e.currentTarget.select()}
              className="w-full min-w-0 rounded-md border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-sm text-slate-900"
            />
            <p id={`${linkId}-hint`} className="text-sm text-slate-600">
              Copy it now: for your privacy it is shown only this once. In your calendar app, choose to add a calendar by its link (a subscription).
            </p>
            <div className="flex flex-wrap gap-3">
              <Button onClick={() => void copy(made.webcalUrl)}>Copy link</Button>
              <a
                href={made.webcalUrl}
                className="inline-flex items-center justify-center rounded-md border border-slate-300 bg-white px-4 py-2 font-semibold text-slate-800 shadow-sm hover:bg-slate-100 focus:outline-2 focus:outline-offset-2 focus:outline-green-700"
              >
                Open in calendar app
              </a>
            </div>
          </div>
        ) : status.data.feed ? (
          <p className="text-sm text-slate-700">
            You made a calendar link on {dateFormat.format(new Date(status.data.feed.createdAt))}. It is shown only when it is made: to subscribe
            another calendar, replace it (calendars that use the old link then stop getting your games).
          </p>
        ) : (
          <p className="text-sm text-slate-700">You have no calendar link yet.</p>
        )}
        <FormMessage kind="error">{error}</FormMessage>
        {status.isSuccess && (
          <div>
            <Button
              variant={hasLink ? "secondary" : "primary"}
              disabled={replace.isPending}
              onClick={() => (hasLink ? setConfirming(true) : makeLink())}
              className="w-full sm:w-auto"
            >
              {replace.isPending ? "Making the link..." : hasLink ? "Replace link" : "Create calendar link"}
            </Button>
          </div>
        )}
      </div>
      {confirming && (
        <ConfirmDialog title="Replace your calendar link?" onClose={() => setConfirming(false)} onConfirm={makeLink} busy={replace.isPending}>
          <p className="text-slate-700">Calendars subscribed with your current link stop getting your games. You will get a new link to subscribe with.</p>
        </ConfirmDialog>
      )}
    </Card>
  );
}
