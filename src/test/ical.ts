import ICAL from "ical.js";

/**
 * Reads an iCalendar file with ical.js (Mozilla's parser, independent of the ical-generator that
 * writes ours), for tests: each event's facts, and its start and end as the file says them (the
 * zone and the wall-clock time) and as instants worked out from the file's own VTIMEZONE.
 */
export interface ReadEvent {
  uid: string;
  summary: string;
  location: string;
  status: string;
  sequence: number;
  url: string;
  /** [latitude, longitude], or null without GEO. */
  geo: [number, number] | null;
  description: string;
  start: ReadTime;
  end: ReadTime;
  /** Each VALARM: its ACTION, its TRIGGER as written ("-P1D"), what it says and what it is related to. */
  alarms: { action: string; trigger: string; related: string; description: string }[];
}

export interface ReadTime {
  /** The TZID the time is written in. */
  tzid: string;
  /** Wall-clock time in that zone, "2027-03-14 10:00". */
  local: string;
  instant: Date;
}

export function readCalendar(text: string) {
  const root = new ICAL.Component(ICAL.parse(text));
  // Only the zones the file defines: a time in a zone it does not define would not be converted.
  for (const zone of root.getAllSubcomponents("vtimezone")) ICAL.TimezoneService.register(zone);
  const time = (component: ICAL.Component, name: string): ReadTime => {
    const property = component.getFirstProperty(name)!;
    const value = property.getFirstValue() as ICAL.Time;
    const pad = (n: number) => String(n).padStart(2, "0");
    return {
      tzid: String(property.getParameter("tzid") ?? ""),
      local: `${value.year}-${pad(value.month)}-${pad(value.day)} ${pad(value.hour)}:${pad(value.minute)}`,
      instant: value.toJSDate(),
    };
  };
  const text_ = (component: ICAL.Component, name: string) => String(component.getFirstPropertyValue(name) ?? "");
  const events: ReadEvent[] = root.getAllSubcomponents("vevent").map((component) => {
    const geo = component.getFirstPropertyValue("geo") as [number, number] | null;
    return {
      uid: text_(component, "uid"),
      summary: text_(component, "summary"),
      location: text_(component, "location"),
      status: text_(component, "status"),
      sequence: Number(component.getFirstPropertyValue("sequence") ?? 0),
      url: text_(component, "url"),
      geo: geo ? [Number(geo[0]), Number(geo[1])] : null,
      description: text_(component, "description"),
      start: time(component, "dtstart"),
      end: time(component, "dtend"),
      alarms: component.getAllSubcomponents("valarm").map((alarm) => {
        const trigger = alarm.getFirstProperty("trigger")!;
        return {
          action: text_(alarm, "action"),
          trigger: String(trigger.getFirstValue()),
          related: String(trigger.getParameter("related") ?? "START"),
          description: text_(alarm, "description"),
        };
      }),
    };
  });
  return {
    method: text_(root, "method"),
    refreshInterval: text_(root, "refresh-interval"),
    publishedTtl: text_(root, "x-published-ttl"),
    timezones: root.getAllSubcomponents("vtimezone").map((zone) => text_(zone, "tzid")),
    events,
  };
}

/**
 * What RFC 5545 §3.1 asks of the text itself: every line, the last included, ends with CRLF (no bare
 * CR or LF anywhere else), and no line is longer than 75 octets (longer ones are folded). Returns
 * the lines that break it, so a test can show them.
 */
export function lineProblems(text: string): string[] {
  const problems: string[] = [];
  if (!text.endsWith("\r\n")) problems.push(`does not end with CRLF: ${JSON.stringify(text.slice(-20))}`);
  const lines = text.split("\r\n").slice(0, -1);
  for (const line of lines) {
    if (/[\r\n]/.test(line)) problems.push(`bare CR or LF in ${JSON.stringify(line)}`);
    if (Buffer.byteLength(line, "utf8") > 75) problems.push(`${Buffer.byteLength(line, "utf8")} octets: ${JSON.stringify(line)}`);
  }
  return problems;
}
