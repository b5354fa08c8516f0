import { describe, expect, it } from "vitest";
import type { EventStatus } from "./events.ts";
import { calendarDay, groupTimeline } from "./timeline.ts";

interface TestEvent {
  id: string;
  startsAt: string;
  endsAt: string;
  status: EventStatus;
}

/** An event starting at an ISO instant, lasting `minutes` (90 by default). */
function event(id: string, startsAt: string, options: { minutes?: number; status?: EventStatus } = {}): TestEvent {
  const start = new Date(startsAt);
  return {
    id,
    startsAt: start.toISOString(),
    endsAt: new Date(start.getTime() + (options.minutes ?? 90) * 60_000).toISOString(),
    status: options.status ?? "active",
  };
}

/** The timeline as [label, ids] pairs, which is what the home screen shows. */
function timeline(events: TestEvent[], now: string, timeZone = "UTC"): [string, string[]][] {
  return groupTimeline(events, { now: new Date(now), timeZone }).map((group) => [group.label, group.events.map((e) => e.id)]);
}

describe("groupTimeline", () => {
  it("places every kind of day in its group, in timeline order, from a Monday", () => {
    const now = "2025-01-06T10:00:00Z"; // Monday
    const events = [
      event("jan-2026", "2026-01-14T18:00:00Z"),
      event("march", "2025-03-03T18:00:00Z"),
      event("feb-28", "2025-02-28T18:00:00Z"),
      event("feb-1", "2025-02-01T18:00:00Z"),
      event("jan-31", "2025-01-31T18:00:00Z"),
      event("jan-20", "2025-01-20T18:00:00Z"),
      event("next-sunday", "2025-01-19T18:00:00Z"),
      event("next-monday", "2025-01-13T18:00:00Z"),
      event("sunday", "2025-01-12T18:00:00Z"),
      event("saturday", "2025-01-11T18:00:00Z"),
      event("friday", "2025-01-10T18:00:00Z"),
      event("wednesday", "2025-01-08T18:00:00Z"),
      event("tuesday", "2025-01-07T18:00:00Z"),
      event("tonight", "2025-01-06T18:00:00Z"),
    ];
    expect(timeline(events, now)).toEqual([
      ["Today", ["tonight"]],
      ["Tomorrow", ["tuesday"]],
      ["This Week", ["wednesday", "friday"]],
      ["This Weekend", ["saturday", "sunday"]],
      ["Next Week", ["next-monday", "next-sunday"]],
      ["This Month", ["jan-20", "jan-31"]],
      ["Next Month", ["feb-1", "feb-28"]],
      ["March 2025", ["march"]],
      ["January 2026", ["jan-2026"]],
    ]);
  });

  it("gives month groups stable keys and 'MMMM yyyy' labels", () => {
    const groups = groupTimeline([event("x", "2025-04-02T10:00:00Z")], { now: new Date("2025-01-06T10:00:00Z"), timeZone: "UTC" });
    expect(groups).toEqual([{ key: "month:2025-04", label: "April 2025", events: [expect.objectContaining({ id: "x" })] }]);
  });

  it("sorts events by start inside a group and keeps their other fields", () => {
    const late = { ...event("late", "2025-01-08T20:00:00Z"), title: "Late game" };
    const early = { ...event("early", "2025-01-08T08:00:00Z"), title: "Early game" };
    const groups = groupTimeline([late, early], { now: new Date("2025-01-06T10:00:00Z"), timeZone: "UTC" });
    expect(groups[0]?.events.map((e) => e.title)).toEqual(["Early game", "Late game"]);
  });

  it("returns no groups for no events, and omits empty groups", () => {
    expect(timeline([], "2025-01-06T10:00:00Z")).toEqual([]);
    expect(timeline([event("a", "2025-01-12T10:00:00Z")], "2025-01-06T10:00:00Z")).toEqual([["This Weekend", ["a"]]]);
  });

  describe("week boundaries (weeks start on Monday)", () => {
    it("on Sunday night, Monday is Tomorrow and the rest of the coming week is Next Week", () => {
      const now = "2025-01-12T23:30:00Z"; // Sunday
      const events = [
        event("monday-early", "2025-01-13T00:30:00Z"),
        event("tuesday", "2025-01-14T18:00:00Z"),
        event("friday", "2025-01-17T18:00:00Z"),
        event("saturday", "2025-01-18T18:00:00Z"),
        event("sunday", "2025-01-19T18:00:00Z"),
        event("monday-after", "2025-01-20T18:00:00Z"),
      ];
      expect(timeline(events, now)).toEqual([
        ["Tomorrow", ["monday-early"]],
        ["Next Week", ["tuesday", "friday", "saturday", "sunday"]],
        ["This Month", ["monday-after"]],
      ]);
    });

    it("minutes later, on Monday, the same days are this week's", () => {
      const now = "2025-01-13T00:05:00Z"; // Monday
      const events = [
        event("monday-early", "2025-01-13T00:30:00Z"),
        event("tuesday", "2025-01-14T18:00:00Z"),
        event("friday", "2025-01-17T18:00:00Z"),
        event("saturday", "2025-01-18T18:00:00Z"),
        event("sunday", "2025-01-19T18:00:00Z"),
        event("monday-after", "2025-01-20T18:00:00Z"),
      ];
      expect(timeline(events, now)).toEqual([
        ["Today", ["monday-early"]],
        ["Tomorrow", ["tuesday"]],
        ["This Week", ["friday"]],
        ["This Weekend", ["saturday", "sunday"]],
        ["Next Week", ["monday-after"]],
      ]);
    });

    it("on Friday, Saturday is Tomorrow and Sunday is still This Weekend", () => {
      const now = "2025-01-10T12:00:00Z"; // Friday
      const events = [
        event("saturday", "2025-01-11T10:00:00Z"),
        event("sunday", "2025-01-12T10:00:00Z"),
        event("monday", "2025-01-13T10:00:00Z"),
      ];
      expect(timeline(events, now)).toEqual([
        ["Tomorrow", ["saturday"]],
        ["This Weekend", ["sunday"]],
        ["Next Week", ["monday"]],
      ]);
    });

    it("on Saturday, Sunday is Tomorrow and the following week is Next Week up to its Sunday", () => {
      const now = "2025-01-11T09:00:00Z"; // Saturday
      const events = [
        event("sunday", "2025-01-12T10:00:00Z"),
        event("monday", "2025-01-13T10:00:00Z"),
        event("next-sunday", "2025-01-19T22:00:00Z"),
        event("monday-after", "2025-01-20T10:00:00Z"),
      ];
      expect(timeline(events, now)).toEqual([
        ["Tomorrow", ["sunday"]],
        ["Next Week", ["monday", "next-sunday"]],
        ["This Month", ["monday-after"]],
      ]);
    });
  });

  describe("month and year boundaries", () => {
    it("lets This Week, This Weekend and Next Week run into the next month before Next Month starts", () => {
      const now = "2025-01-29T12:00:00Z"; // Wednesday
      const events = [
        event("jan-31", "2025-01-31T18:00:00Z"),
        event("feb-1", "2025-02-01T18:00:00Z"),
        event("feb-3", "2025-02-03T18:00:00Z"),
        event("feb-10", "2025-02-10T18:00:00Z"),
        event("mar-1", "2025-03-01T18:00:00Z"),
      ];
      expect(timeline(events, now)).toEqual([
        ["This Week", ["jan-31"]],
        ["This Weekend", ["feb-1"]],
        ["Next Week", ["feb-3"]],
        ["Next Month", ["feb-10"]],
        ["March 2025", ["mar-1"]],
      ]);
    });

    it("in December, Next Month is January of the next year and December a year on is its own month", () => {
      const now = "2025-12-15T12:00:00Z"; // Monday
      const events = [
        event("dec-29", "2025-12-29T18:00:00Z"),
        event("jan-5", "2026-01-05T18:00:00Z"),
        event("feb-2", "2026-02-02T18:00:00Z"),
        event("dec-next-year", "2026-12-16T18:00:00Z"),
      ];
      expect(timeline(events, now)).toEqual([
        ["This Month", ["dec-29"]],
        ["Next Month", ["jan-5"]],
        ["February 2026", ["feb-2"]],
        ["December 2026", ["dec-next-year"]],
      ]);
    });

    it("across New Year inside one week, days of January are still This Week and This Weekend", () => {
      const now = "2025-12-30T12:00:00Z"; // Tuesday
      const events = [
        event("new-years-day", "2026-01-01T18:00:00Z"),
        event("jan-3", "2026-01-03T18:00:00Z"),
        event("jan-5", "2026-01-05T18:00:00Z"),
        event("jan-20", "2026-01-20T18:00:00Z"),
        event("feb-2", "2026-02-02T18:00:00Z"),
      ];
      expect(timeline(events, now)).toEqual([
        ["This Week", ["new-years-day"]],
        ["This Weekend", ["jan-3"]],
        ["Next Week", ["jan-5"]],
        ["Next Month", ["jan-20"]],
        ["February 2026", ["feb-2"]],
      ]);
    });
  });

  describe("time zones", () => {
    it("groups by the viewer's calendar day: the same event is Today in Tokyo and Tomorrow in New York", () => {
      const now = "2025-01-06T16:00:00Z"; // Tokyo: Tue 01:00; New York: Mon 11:00
      const events = [event("game", "2025-01-07T10:00:00Z")]; // Tokyo: Tue 19:00; New York: Tue 05:00
      expect(timeline(events, now, "Asia/Tokyo")).toEqual([["Today", ["game"]]]);
      expect(timeline(events, now, "America/New_York")).toEqual([["Tomorrow", ["game"]]]);
      expect(timeline(events, now, "UTC")).toEqual([["Tomorrow", ["game"]]]);
    });

    it("uses the viewer's week: Sunday afternoon in New York is already Monday in Tokyo", () => {
      const now = "2025-01-12T20:00:00Z"; // New York: Sun 15:00; Tokyo: Mon 05:00
      const events = [event("game", "2025-01-14T12:00:00Z")]; // New York: Tue 07:00; Tokyo: Tue 21:00
      expect(timeline(events, now, "America/New_York")).toEqual([["Next Week", ["game"]]]);
      expect(timeline(events, now, "Asia/Tokyo")).toEqual([["Tomorrow", ["game"]]]);
    });

    it("puts a late event on the viewer's day even when it is the next day in UTC", () => {
      const now = "2025-01-31T15:00:00Z"; // Friday; Los Angeles: Fri 07:00
      const events = [event("friday-night", "2025-02-01T05:00:00Z")]; // Los Angeles: Fri 21:00; UTC: Saturday
      expect(timeline(events, now, "America/Los_Angeles")).toEqual([["Today", ["friday-night"]]]);
      expect(timeline(events, now, "UTC")).toEqual([["Tomorrow", ["friday-night"]]]);
    });

    it("counts calendar days across a daylight-saving change", () => {
      const now = "2025-03-08T17:00:00Z"; // New York: Sat 12:00 EST
      const events = [
        event("sunday-night", "2025-03-10T03:30:00Z"), // Sun 23:30 EDT
        event("monday", "2025-03-10T04:30:00Z"), // Mon 00:30 EDT
      ];
      expect(timeline(events, now, "America/New_York")).toEqual([
        ["Tomorrow", ["sunday-night"]],
        ["Next Week", ["monday"]],
      ]);
    });
  });

  describe("which events are shown", () => {
    it("puts events in progress in Today, also when they started the day before", () => {
      const events = [
        event("started-yesterday", "2025-01-05T23:00:00Z", { minutes: 120 }), // until 01:00
        event("later", "2025-01-06T20:00:00Z"),
      ];
      expect(timeline(events, "2025-01-06T00:30:00Z")).toEqual([["Today", ["started-yesterday", "later"]]]);
      expect(timeline([event("now-playing", "2025-01-06T09:00:00Z", { minutes: 120 })], "2025-01-06T10:00:00Z")).toEqual([
        ["Today", ["now-playing"]],
      ]);
    });

    it("leaves out finished and cancelled events", () => {
      const now = "2025-01-06T10:00:00Z";
      const events = [
        event("finished", "2025-01-06T08:00:00Z", { minutes: 60 }),
        event("ends-now", "2025-01-06T09:00:00Z", { minutes: 60 }),
        event("cancelled", "2025-01-07T10:00:00Z", { status: "cancelled" }),
        event("active", "2025-01-07T12:00:00Z"),
      ];
      expect(timeline(events, now)).toEqual([["Tomorrow", ["active"]]]);
    });
  });
});

describe("calendarDay", () => {
  it("reads the date of an instant in a zone", () => {
    const instant = new Date("2025-12-31T20:00:00Z");
    expect(calendarDay(instant, "UTC")).toMatchObject({ year: 2025, month: 12, day: 31 });
    expect(calendarDay(instant, "Asia/Tokyo")).toMatchObject({ year: 2026, month: 1, day: 1 });
    expect(calendarDay(instant, "Asia/Tokyo").dayNumber - calendarDay(instant, "UTC").dayNumber).toBe(1);
  });
});
