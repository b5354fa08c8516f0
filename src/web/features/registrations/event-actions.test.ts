import { describe, expect, it } from "vitest";
import { eventActions, eventRefreshInterval, FAST_REFRESH_MS, fullText, hasPaidSpots, isPaymentRunning, joinKind, joinLabel, SLOW_REFRESH_MS } from "./event-actions.ts";
import { at, HOUR, makeEvent, mine, NOW, people } from "#test/web-fixtures.ts";

const actionsFor = (overrides: Parameters<typeof makeEvent>[0] = {}, isAdmin = false, now = NOW) => {
  const event = makeEvent(overrides);
  return eventActions({ event, mine: event.mine, now, isAdmin });
};

describe("eventActions", () => {
  it("offers no join on a series' game before it opens, and both from the moment it does", () => {
    const closed = actionsFor({ registrationOpensAt: at(HOUR) });
    expect([closed.joinPlayer, closed.joinGoalkeeper]).toEqual([false, false]);
    const opened = actionsFor({ registrationOpensAt: at(0) });
    expect([opened.joinPlayer, opened.joinGoalkeeper]).toEqual([true, true]);
  });

  describe("with regulars first", () => {
    // The regulars' window opened an hour ago; everyone may join in an hour; regulars may hold 7 players' spots and 1 goalkeeper's.
    const inWindow = { registrationOpensAt: at(HOUR), regularsOpenAt: at(-HOUR) };
    const regular = { maxPlayers: 7, maxGoalkeepers: 1, viewerIsRegular: true };
    const joins = (actions: ReturnType<typeof actionsFor>) => [actions.joinPlayer, actions.joinGoalkeeper, actions.regularsSpotsTaken];

    it("offers no join to anyone before the regulars' window", () => {
      expect(joins(actionsFor({ registrationOpensAt: at(2 * HOUR), regularsOpenAt: at(HOUR) }))).toEqual([false, false, false]);
      // A window the server would not fill yet: still nothing offered before its time.
      expect(joins(actionsFor({ registrationOpensAt: at(2 * HOUR), regularsOpenAt: at(HOUR), regularsWindow: regular }))).toEqual([false, false, false]);
    });

    it("offers the joins to a regular in the window while the regulars' share of the role has room", () => {
      expect(joins(actionsFor({ ...inWindow, regularsWindow: regular }))).toEqual([true, true, false]);
      expect(joins(actionsFor({ ...inWindow, regularsWindow: regular, playersCount: 6, goalkeepersCount: 1 }))).toEqual([true, false, false]);
      expect(joins(actionsFor({ ...inWindow, regularsWindow: regular, playersCount: 7, goalkeepersCount: 0 }))).toEqual([false, true, false]);
      // No goalkeeper spot is the regulars' (one spot at 70 %, rounded down).
      expect(joins(actionsFor({ ...inWindow, regularsWindow: { ...regular, maxGoalkeepers: 0 } }))).toEqual([true, false, false]);
    });

    it("says why only a goalkeeper's join is offered when the regulars' player spots are taken", () => {
      const taken = actionsFor({ ...inWindow, regularsWindow: regular, playersCount: 7, goalkeepersCount: 0 });
      expect([taken.joinPlayer, taken.joinGoalkeeper, taken.regularsSpotsTaken, taken.regularsPlayerSpotsTaken]).toEqual([false, true, false, true]);
      // Not while player spots remain, nor once the goalkeeper's is taken too (the general notice says it then).
      expect(actionsFor({ ...inWindow, regularsWindow: regular, playersCount: 6 }).regularsPlayerSpotsTaken).toBe(false);
      expect(actionsFor({ ...inWindow, regularsWindow: regular, playersCount: 7, goalkeepersCount: 1 }).regularsPlayerSpotsTaken).toBe(false);
    });

    it("says the regulars' spots are taken to a regular with no role left to join early", () => {
      expect(joins(actionsFor({ ...inWindow, regularsWindow: regular, playersCount: 7, goalkeepersCount: 1 }))).toEqual([false, false, true]);
      expect(joins(actionsFor({ ...inWindow, includeGoalkeepers: false, regularsWindow: regular, playersCount: 7 }))).toEqual([false, false, true]);
      // Not to one who holds a spot already.
      expect(joins(actionsFor({ ...inWindow, regularsWindow: regular, playersCount: 7, goalkeepersCount: 1, mine: [mine()] }))).toEqual([false, false, false]);
    });

    it("offers no join in the window to someone who is not a regular, signed out, or to anyone when the server sent no window", () => {
      expect(joins(actionsFor({ ...inWindow, regularsWindow: { ...regular, viewerIsRegular: false } }))).toEqual([false, false, false]);
      expect(joins(actionsFor(inWindow))).toEqual([false, false, false]);
    });

    it("lets a regular finish a paid join whose payment waits, in the window", () => {
      const waiting = [mine({ status: "pending_payment" })];
      expect(actionsFor({ ...inWindow, regularsWindow: regular, mine: waiting }).completePayment).toBe("player");
      expect(actionsFor({ ...inWindow, regularsWindow: { ...regular, viewerIsRegular: false }, mine: waiting }).completePayment).toBeNull();
    });

    it("offers every join to everyone from the opening, whatever the window said", () => {
      const opened = { registrationOpensAt: at(-HOUR), regularsOpenAt: at(-2 * HOUR) };
      expect(joins(actionsFor(opened))).toEqual([true, true, false]);
      expect(joins(actionsFor({ ...opened, playersCount: 9, regularsWindow: { ...regular, viewerIsRegular: false } }))).toEqual([true, true, false]);
    });

    it("offers nothing on a cancelled or started game in its window", () => {
      expect(joins(actionsFor({ ...inWindow, regularsWindow: regular, status: "cancelled" }))).toEqual([false, false, false]);
      expect(joins(actionsFor({ ...inWindow, regularsWindow: regular, startsAt: at(-HOUR / 2) }))).toEqual([false, false, false]);
    });
  });

  it("offers both joins to someone not registered, and nothing to cancel", () => {
    expect(actionsFor()).toEqual({
      joinPlayer: true,
      joinGoalkeeper: true,
      cancelRegistration: false,
      leaveWaitlist: false,
      cancelWindowText: false,
      cancelEvent: false,
      checkIn: false,
      completePayment: null,
      regularsSpotsTaken: false,
      regularsPlayerSpotsTaken: false,
    });
  });

  it("offers Join as Goalkeeper only when the game has goalkeepers", () => {
    expect(actionsFor({ includeGoalkeepers: false }).joinGoalkeeper).toBe(false);
    expect(actionsFor({ includeGoalkeepers: false }).joinPlayer).toBe(true);
  });

  it("offers no join once the viewer holds a spot, in either role, whatever its payment state", () => {
    for (const status of ["confirmed", "pending_payment", "promoting"] as const) {
      for (const role of ["player", "goalkeeper"] as const) {
        const actions = actionsFor({ mine: [mine({ role, status })] });
        expect(actions.joinPlayer, `${role} ${status}`).toBe(false);
        expect(actions.joinGoalkeeper, `${role} ${status}`).toBe(false);
      }
    }
  });

  it("hides the join of the waitlist the viewer already waits on, and keeps the other", () => {
    const onPlayerList = actionsFor({ mine: [mine({ role: "player", status: "waitlisted", waitlistPosition: 2 })] });
    expect(onPlayerList.joinPlayer).toBe(false);
    expect(onPlayerList.joinGoalkeeper).toBe(true);
    const onGoalkeeperList = actionsFor({ mine: [mine({ role: "goalkeeper", status: "waitlisted", waitlistPosition: 1 })] });
    expect(onGoalkeeperList.joinPlayer).toBe(true);
    expect(onGoalkeeperList.joinGoalkeeper).toBe(false);
    const onBoth = actionsFor({ mine: [mine({ role: "player", status: "waitlisted" }), mine({ role: "goalkeeper", status: "waitlisted" })] });
    expect(onBoth.joinPlayer || onBoth.joinGoalkeeper).toBe(false);
    // Only waiting: the way out is Leave waitlist, not Cancel Registration.
    expect(onBoth).toMatchObject({ leaveWaitlist: true, cancelRegistration: false });
    expect(onPlayerList).toMatchObject({ leaveWaitlist: true, cancelRegistration: false });
  });

  it("offers Cancel Registration, not Leave waitlist, to someone holding a spot who also waits on the other role's list", () => {
    const both = actionsFor({ mine: [mine({ role: "player" }), mine({ role: "goalkeeper", status: "waitlisted", waitlistPosition: 1 })] });
    expect(both).toMatchObject({ cancelRegistration: true, leaveWaitlist: false });
  });

  it("lets someone who was refunded join again", () => {
    const actions = actionsFor({ mine: [mine({ status: "refunded", refundedCents: 941 })] });
    expect(actions.joinPlayer).toBe(true);
    expect(actions.cancelRegistration).toBe(false);
    expect(actions.cancelWindowText).toBe(false);
  });

  it("offers no join on a cancelled, started or completed game", () => {
    expect(actionsFor({ status: "cancelled" })).toMatchObject({ joinPlayer: false, joinGoalkeeper: false });
    const started = { startsAt: at(-HOUR), endsAt: at(HOUR) };
    expect(actionsFor(started)).toMatchObject({ joinPlayer: false, joinGoalkeeper: false });
    const completed = { startsAt: at(-3 * HOUR), endsAt: at(-HOUR) };
    expect(actionsFor(completed)).toMatchObject({ joinPlayer: false, joinGoalkeeper: false });
    // The start itself already closes it.
    expect(actionsFor({ startsAt: at(0), endsAt: at(HOUR) }).joinPlayer).toBe(false);
    expect(actionsFor({ startsAt: at(1), endsAt: at(HOUR) }).joinPlayer).toBe(true);
  });

  it("offers Cancel Registration to a spot, and Leave waitlist to a waitlist place, while the start is at least 24 hours away", () => {
    for (const registration of [mine(), mine({ role: "goalkeeper", amountCents: 0 })]) {
      expect(actionsFor({ startsAt: at(24 * HOUR), endsAt: at(26 * HOUR), mine: [registration] })).toMatchObject({ cancelRegistration: true, leaveWaitlist: false, cancelWindowText: false });
    }
    const waiting = mine({ status: "waitlisted", waitlistPosition: 3 });
    expect(actionsFor({ startsAt: at(24 * HOUR), endsAt: at(26 * HOUR), mine: [waiting] })).toMatchObject({ cancelRegistration: false, leaveWaitlist: true, cancelWindowText: false });
  });

  it("says CANCEL_WINDOW_TEXT instead from 24 hours before the start until the game is over", () => {
    const justInside = { startsAt: at(24 * HOUR - 1), endsAt: at(26 * HOUR), mine: [mine()] };
    expect(actionsFor(justInside)).toMatchObject({ cancelRegistration: false, cancelWindowText: true });
    const waiting = { startsAt: at(HOUR), endsAt: at(3 * HOUR), mine: [mine({ status: "waitlisted" })] };
    expect(actionsFor(waiting)).toMatchObject({ cancelRegistration: false, leaveWaitlist: false, cancelWindowText: true });
    const playing = { startsAt: at(-HOUR), endsAt: at(HOUR), mine: [mine()] };
    expect(actionsFor(playing)).toMatchObject({ cancelRegistration: false, cancelWindowText: true });
    const over = { startsAt: at(-3 * HOUR), endsAt: at(-HOUR), mine: [mine()] };
    expect(actionsFor(over)).toMatchObject({ cancelRegistration: false, cancelWindowText: false });
  });

  it("says nothing about cancelling to someone not registered, even inside the window", () => {
    expect(actionsFor({ startsAt: at(HOUR), endsAt: at(2 * HOUR) })).toMatchObject({ cancelRegistration: false, cancelWindowText: false });
  });

  it("offers no Cancel Registration while a payment runs (the server answers 409)", () => {
    for (const status of ["pending_payment", "promoting"] as const) {
      expect(actionsFor({ mine: [mine({ status })] }).cancelRegistration, status).toBe(false);
      // Not even for the other role's waitlist place: one cancel leaves everything.
      expect(actionsFor({ mine: [mine({ status, role: "goalkeeper" }), mine({ status: "waitlisted" })] }), status).toMatchObject({ cancelRegistration: false, leaveWaitlist: false });
    }
  });

  it("offers Complete payment for a paid join whose payment waits, only while the game is ahead", () => {
    expect(actionsFor({ mine: [mine({ status: "pending_payment", role: "goalkeeper" })] }).completePayment).toBe("goalkeeper");
    expect(actionsFor({ mine: [mine({ status: "promoting" })] }).completePayment).toBeNull();
    expect(actionsFor({ status: "cancelled", mine: [mine({ status: "pending_payment" })] }).completePayment).toBeNull();
  });

  it("offers nothing to cancel on a cancelled game, where everyone was refunded", () => {
    expect(actionsFor({ status: "cancelled", mine: [mine({ status: "refunded", refundedCents: 1000 })] })).toMatchObject({ cancelRegistration: false, cancelWindowText: false });
    expect(actionsFor({ status: "cancelled", mine: [mine()] })).toMatchObject({ cancelRegistration: false, cancelWindowText: false });
  });

  it("offers admins Cancel Event & Refund until the game is cancelled", () => {
    expect(actionsFor({}, true).cancelEvent).toBe(true);
    expect(actionsFor({ startsAt: at(-3 * HOUR), endsAt: at(-HOUR) }, true).cancelEvent).toBe(true);
    expect(actionsFor({ status: "cancelled" }, true).cancelEvent).toBe(false);
    expect(actionsFor({}, false).cancelEvent).toBe(false);
  });

  it("lets an admin join and cancel like anyone else", () => {
    expect(actionsFor({ mine: [mine()] }, true)).toEqual({
      joinPlayer: false,
      joinGoalkeeper: false,
      cancelRegistration: true,
      leaveWaitlist: false,
      cancelWindowText: false,
      cancelEvent: true,
      checkIn: false,
      completePayment: null,
      regularsSpotsTaken: false,
      regularsPlayerSpotsTaken: false,
    });
  });

  it("offers admins Check-in while its window is open: from 60 minutes before kick-off until 6 hours after the end", () => {
    const game = (startsIn: number) => ({ startsAt: at(startsIn), endsAt: at(startsIn + 1.5 * HOUR) });
    expect(actionsFor(game(HOUR + 1), true).checkIn).toBe(false);
    expect(actionsFor(game(HOUR), true).checkIn).toBe(true);
    expect(actionsFor(game(-HOUR), true).checkIn).toBe(true);
    expect(actionsFor(game(-7.5 * HOUR + 1), true).checkIn).toBe(true);
    expect(actionsFor(game(-7.5 * HOUR), true).checkIn).toBe(false);
    expect(actionsFor({ ...game(0), status: "cancelled" }, true).checkIn).toBe(false);
    expect(actionsFor(game(0), false).checkIn).toBe(false);
  });
});

describe("joinKind", () => {
  it("joins a free role directly, whether or not it is full", () => {
    expect(joinKind(makeEvent({ costCents: 0 }), "player")).toBe("free");
    expect(joinKind(makeEvent({ costCents: 0, players: people(10) }), "player")).toBe("free");
    expect(joinKind(makeEvent({ costCents: 1000, goalkeeperCostCents: 0 }), "goalkeeper")).toBe("free");
  });

  it("pays now while a spot is open, and joins the waitlist with consent once every spot is held", () => {
    expect(joinKind(makeEvent({ players: people(9) }), "player")).toBe("pay");
    expect(joinKind(makeEvent({ players: people(10) }), "player")).toBe("waitlist");
    // Spots whose payment is running count as held, as the server counts them.
    const held = [...people(9), { userId: "paying", name: "Paying", pending: true }];
    expect(joinKind(makeEvent({ players: held }), "player")).toBe("waitlist");
  });

  it("does not count the viewer's own spot, held while the dialog pays for it", () => {
    const paying = [...people(9), { userId: "me", name: "Me", pending: true }];
    expect(joinKind(makeEvent({ players: paying }), "player", "me")).toBe("pay");
    expect(joinKind(makeEvent({ players: paying }), "player", "someone-else")).toBe("waitlist");
    expect(joinKind(makeEvent({ goalkeepers: [{ userId: "me", name: "Me", pending: true }], maxGoalkeepers: 1 }), "goalkeeper", "me")).toBe("pay");
  });

  it("checks goalkeepers against maxGoalkeepers, not maxPlayers", () => {
    expect(joinKind(makeEvent({ goalkeepers: people(1), players: people(10) }), "goalkeeper")).toBe("pay");
    expect(joinKind(makeEvent({ goalkeepers: people(2) }), "goalkeeper")).toBe("waitlist");
  });
});

describe("hasPaidSpots", () => {
  it("is false only when both prices are 0", () => {
    expect(hasPaidSpots(makeEvent({ costCents: 0, goalkeeperCostCents: 0 }))).toBe(false);
    expect(hasPaidSpots(makeEvent({ costCents: 0, includeGoalkeepers: false, goalkeeperCostCents: 0 }))).toBe(false);
    expect(hasPaidSpots(makeEvent({ costCents: 1000, goalkeeperCostCents: 0 }))).toBe(true);
    expect(hasPaidSpots(makeEvent({ costCents: 0, goalkeeperCostCents: 500 }))).toBe(true);
  });
});

describe("eventRefreshInterval", () => {
  const now = NOW.getTime();

  it("asks every 2 s while one of the viewer's payments runs", () => {
    expect(eventRefreshInterval(makeEvent({ mine: [mine({ status: "pending_payment" })] }), now)).toBe(FAST_REFRESH_MS);
    expect(eventRefreshInterval(makeEvent({ mine: [mine({ status: "waitlisted" }), mine({ status: "promoting", role: "goalkeeper" })] }), now)).toBe(FAST_REFRESH_MS);
    expect(FAST_REFRESH_MS).toBe(2_000);
  });

  it("asks every 15 s otherwise, until the game is cancelled or over", () => {
    expect(eventRefreshInterval(makeEvent(), now)).toBe(SLOW_REFRESH_MS);
    expect(eventRefreshInterval(makeEvent({ mine: [mine({ status: "waitlisted" })] }), now)).toBe(SLOW_REFRESH_MS);
    expect(eventRefreshInterval(makeEvent({ startsAt: at(-HOUR), endsAt: at(HOUR) }), now)).toBe(SLOW_REFRESH_MS);
    expect(eventRefreshInterval(makeEvent({ status: "cancelled" }), now)).toBe(false);
    expect(eventRefreshInterval(makeEvent({ startsAt: at(-3 * HOUR), endsAt: at(-HOUR) }), now)).toBe(false);
    expect(eventRefreshInterval(undefined, now)).toBe(false);
    expect(SLOW_REFRESH_MS).toBe(15_000);
  });

  it("keeps asking fast for a payment that runs on a cancelled game, until it settles", () => {
    expect(eventRefreshInterval(makeEvent({ status: "cancelled", mine: [mine({ status: "pending_payment" })] }), now)).toBe(FAST_REFRESH_MS);
  });
});

describe("isPaymentRunning", () => {
  it("is true for pending_payment and promoting only", () => {
    expect(isPaymentRunning([])).toBe(false);
    expect(isPaymentRunning([mine(), mine({ status: "waitlisted" }), mine({ status: "refunded" })])).toBe(false);
    expect(isPaymentRunning([mine({ status: "pending_payment" })])).toBe(true);
    expect(isPaymentRunning([mine({ status: "promoting" })])).toBe(true);
  });
});

describe("joinLabel and fullText: a full game does not look like an empty one", () => {
  const offered = { player: true, goalkeeper: true };

  it("says Join as Player / Join as Goalkeeper while spots are open, and no Full line", () => {
    const event = makeEvent({ players: people(9), goalkeepers: people(1, "gk") });
    expect(joinLabel(event, "player")).toBe("Join as Player");
    expect(joinLabel(event, "goalkeeper")).toBe("Join as Goalkeeper");
    expect(fullText(event, offered)).toBeNull();
  });

  it("names the waitlist and how many wait on it once every spot of the role is held, free or paid", () => {
    for (const costCents of [0, 1000]) {
      const event = makeEvent({ costCents, players: people(10), playerWaitList: people(3, "waiting") });
      expect(joinLabel(event, "player")).toBe("Join the waitlist (3 waiting)");
      expect(joinLabel(event, "goalkeeper")).toBe("Join as Goalkeeper");
      expect(fullText(event, offered)).toBe("Full: every player spot is taken.");
    }
    expect(joinLabel(makeEvent({ players: people(10) }), "player")).toBe("Join the waitlist (0 waiting)");
  });

  it("says so on the goalkeeper button when the goalkeeper spots are full, and both in the Full line", () => {
    const goalkeepersFull = makeEvent({ goalkeepers: people(2, "gk"), goalkeeperWaitList: people(1, "gk-waiting") });
    expect(joinLabel(goalkeepersFull, "goalkeeper")).toBe("Join the goalkeeper waitlist (1 waiting)");
    expect(fullText(goalkeepersFull, offered)).toBe("Full: every goalkeeper spot is taken.");
    const bothFull = makeEvent({ players: people(10), goalkeepers: people(2, "gk") });
    expect(fullText(bothFull, offered)).toBe("Full: every player and goalkeeper spot is taken.");
    // Only about the buttons shown: someone already on the player waitlist is told about goalkeepers only.
    expect(fullText(bothFull, { player: false, goalkeeper: true })).toBe("Full: every goalkeeper spot is taken.");
    expect(fullText(bothFull, { player: false, goalkeeper: false })).toBeNull();
  });

  it("counts spots being paid for as held, but not the viewer's own", () => {
    const paying = [...people(9), { userId: "me", name: "Me", pending: true }];
    expect(joinLabel(makeEvent({ players: paying }), "player")).toBe("Join the waitlist (0 waiting)");
    expect(joinLabel(makeEvent({ players: paying }), "player", "me")).toBe("Join as Player");
  });
});

describe("a player bringing guests (src/shared/guests.ts)", () => {
  const offered = { player: true, goalkeeper: true };
  const pia = { userId: "pia", name: "Pia Pitch", guests: [{ id: "g1", name: "Sam" }, { id: "g2", name: "Alex" }] };

  it("counts each party's guests as spots held", () => {
    // 7 people + Pia's party of 3: the 10 spots are held.
    const event = makeEvent({ players: [...people(7), pia] });
    expect(joinKind(event, "player")).toBe("waitlist");
    expect(joinLabel(event, "player")).toBe("Join the waitlist (0 waiting)");
    // Pia's own party is the one being paid for.
    expect(joinKind(event, "player", "pia")).toBe("pay");
  });

  it("sends the whole party to the waitlist when too few spots are left for it, and says so before the tap", () => {
    const event = makeEvent({ players: people(8), playerWaitList: people(1, "waiting") });
    expect(joinKind(event, "player", undefined, 2)).toBe("pay");
    expect(joinKind(event, "player", undefined, 3)).toBe("waitlist");
    expect(joinLabel(event, "player", undefined, 1)).toBe("Join with 1 guest");
    expect(joinLabel(event, "player", undefined, 2)).toBe("Join the waitlist with 2 guests (1 waiting)");
    expect(fullText(event, offered, undefined, 1)).toBeNull();
    expect(fullText(event, offered, undefined, 2)).toBe("Only 2 player spots are left: you and your guests need 3 spots, so you join the waitlist together.");
    // A full role says Full, whatever the party.
    expect(fullText(makeEvent({ players: people(10) }), offered, undefined, 2)).toBe("Full: every player spot is taken.");
  });

  it("leaves goalkeepers' words as they were: guests come with players only", () => {
    const event = makeEvent({ players: people(8) });
    expect(joinLabel(event, "goalkeeper", undefined, 2)).toBe("Join as Goalkeeper");
    expect(joinKind(makeEvent({ costCents: 0 }), "player", undefined, 3)).toBe("free");
  });
});
