import { describe, expect, it } from "vitest";
import { createByteLru } from "../../src/shared/cache/byte-lru";

describe("byte-bounded LRU (parsed KV entries, HTML parts)", () => {
  it("evicts the least recently used entries once the bytes pass the bound", () => {
    const lru = createByteLru(100);
    lru.set("a", "A", 40);
    lru.set("b", "B", 40);
    expect(lru.get("a")).toBe("A"); // a is now the most recent
    lru.set("c", "C", 40);
    expect(lru.get("b")).toBeUndefined();
    expect(lru.get("a")).toBe("A");
    expect(lru.get("c")).toBe("C");
    expect(lru.bytes).toBe(80);
    expect(lru.size).toBe(2);
  });

  it("never keeps an entry larger than the bound, and counts a replaced entry once", () => {
    const lru = createByteLru(100);
    lru.set("big", "x", 101);
    expect(lru.get("big")).toBeUndefined();
    lru.set("a", "1", 30);
    lru.set("a", "2", 50);
    expect(lru.get("a")).toBe("2");
    expect(lru.bytes).toBe(50);
  });
});
