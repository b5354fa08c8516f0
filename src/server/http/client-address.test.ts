import { describe, expect, it } from "vitest";
import { addressKey, clientAddress, isLoopback } from "./client-address.ts";

describe("clientAddress", () => {
  it("is the socket's address when no proxy is trusted, whatever X-Forwarded-For says", () => {
    expect(clientAddress({ socketAddress: "203.0.113.9", forwardedFor: "198.51.100.1", trustProxy: 0 })).toBe("203.0.113.9");
    expect(clientAddress({ socketAddress: "::ffff:203.0.113.9", trustProxy: 0 })).toBe("203.0.113.9");
  });

  it("takes the n-th address from the right of X-Forwarded-For behind n trusted proxies", () => {
    const forwardedFor = "10.9.9.9, 198.51.100.1, 198.51.100.2";
    expect(clientAddress({ socketAddress: "127.0.0.1", forwardedFor, trustProxy: 1 })).toBe("198.51.100.2");
    expect(clientAddress({ socketAddress: "127.0.0.1", forwardedFor, trustProxy: 2 })).toBe("198.51.100.1");
    expect(clientAddress({ socketAddress: "127.0.0.1", forwardedFor, trustProxy: 3 })).toBe("10.9.9.9");
    // Fewer addresses than proxies: the furthest one known.
    expect(clientAddress({ socketAddress: "127.0.0.1", forwardedFor: "198.51.100.1", trustProxy: 3 })).toBe("198.51.100.1");
    // Addresses a client made up stay on the left, where they are never read.
    expect(clientAddress({ socketAddress: "127.0.0.1", forwardedFor: "1.2.3.4, 5.6.7.8, 198.51.100.2", trustProxy: 1 })).toBe("198.51.100.2");
  });

  it("falls back to the socket when the trusted proxy sent nothing usable", () => {
    expect(clientAddress({ socketAddress: "127.0.0.1", trustProxy: 1 })).toBe("127.0.0.1");
    expect(clientAddress({ socketAddress: "127.0.0.1", forwardedFor: " , ", trustProxy: 1 })).toBe("127.0.0.1");
    expect(clientAddress({ socketAddress: "127.0.0.1", forwardedFor: "198.51.100.1, not-an-address", trustProxy: 1 })).toBe("127.0.0.1");
  });

  it("is unknown without a socket (app.request() in tests)", () => {
    expect(clientAddress({ trustProxy: 0, forwardedFor: "198.51.100.1" })).toBeUndefined();
  });
});

describe("isLoopback", () => {
  it.each(["127.0.0.1", "127.8.9.10", "::1", "::ffff:127.0.0.1", "0:0:0:0:0:0:0:1"])("%s is this machine", (address) => {
    expect(isLoopback(address)).toBe(true);
  });
  it.each(["192.0.2.2", "::", "fd00::2", "::ffff:192.0.2.2", "128.0.0.1", "", undefined])("%s is not", (address) => {
    expect(isLoopback(address)).toBe(false);
  });
});

describe("addressKey", () => {
  it("keeps IPv4 addresses and groups IPv6 addresses by their /64 network (one customer's allocation)", () => {
    expect(addressKey("203.0.113.9")).toBe("203.0.113.9");
    expect(addressKey("2001:db8:1:2:3:4:5:6")).toBe(addressKey("2001:DB8:1:2::ffff"));
    expect(addressKey("2001:db8:1:2::1")).not.toBe(addressKey("2001:db8:1:3::1"));
    expect(addressKey("::1")).toBe(addressKey("::2"));
  });
});
