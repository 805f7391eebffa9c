import nodeCrypto from 'node:crypto';
import { activeEntropy, type Entropy, type EntropyApi } from '../../engine';
import type { CallSite } from './bundle-locations';

/**
 * What a game's bundle sees instead of the real `Math`, `Date`, `performance`, `crypto`, `global`
 * and `globalThis` (as parameters of the function that wraps the bundle, so only the game's own
 * code and the libraries it bundles see them: Flowscope and boardgame.io keep the real ones), and
 * instead of Node's `crypto` module when the bundle requires it (uuid and nanoid do).
 */
export interface GameSandbox {
  bindings: Record<string, unknown>;
  modules: Record<string, unknown>;
}

const CLOCKS = new Set<EntropyApi>(['Date.now', 'new Date()', 'performance.now']);
const realRandom = Math.random;
const RealDate = Date;
const realPerformance = globalThis.performance;
const realWebCrypto = globalThis.crypto;

/**
 * Every value is drawn from the active session's entropy (`activeEntropy()`, set by the session
 * around each step), or from `outside` when no step is running (the module's own evaluation, and
 * game code a UI calls between steps). Each call is one property read and one function call more
 * than the real global: nothing is done for globals the game does not touch.
 */
export function createSandbox(outside: Entropy, locate: () => CallSite): GameSandbox {
  const current = () => activeEntropy() ?? outside;
  const noted = (api: EntropyApi) => (): string | undefined | false => {
    const site = locate();
    // Libraries time themselves (lodash's hot-function detection reads Date.now on every call):
    // seeded like everything else, but no diagnostic unless the game's own code reads the clock.
    if (site.viaPackage && CLOCKS.has(api)) return false;
    return site.viaPackage ? `${site.where ? `${site.where} ` : ''}via ${site.viaPackage}` : site.where;
  };
  const locators = new Map<EntropyApi, () => string | undefined | false>();
  const draw = (api: EntropyApi): Entropy | null => {
    const entropy = current();
    let locator = locators.get(api);
    if (!locator) locators.set(api, (locator = noted(api)));
    entropy.note(api, locator);
    return entropy.mode === 'seeded' ? entropy : null;
  };
  const fill = (entropy: Entropy, bytes: Uint8Array): void => {
    for (let i = 0; i < bytes.length; i++) bytes[i] = Math.floor(entropy.next() * 256);
  };
  const bytesOf = (view: ArrayBufferView) => new Uint8Array(view.buffer, view.byteOffset, view.byteLength);
  const uuid = (api: EntropyApi): string => {
    const entropy = draw(api);
    if (!entropy) return realWebCrypto.randomUUID();
    const b = new Uint8Array(16);
    fill(entropy, b);
    b[6] = (b[6] & 0x0f) | 0x40;
    b[8] = (b[8] & 0x3f) | 0x80;
    const hex = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  };
  type Bytes = Parameters<typeof realWebCrypto.getRandomValues>[0];
  const getRandomValues = (array: Bytes): Bytes => {
    const entropy = draw('crypto.getRandomValues');
    if (!entropy || !array) return realWebCrypto.getRandomValues(array);
    fill(entropy, bytesOf(array));
    return array;
  };

  const SandboxMath: Math = Object.create(Math, {
    random: {
      value: function random() {
        const entropy = draw('Math.random');
        return entropy ? entropy.next() : realRandom();
      },
      writable: true,
      configurable: true,
    },
  });

  const now = (api: EntropyApi): number => {
    const entropy = draw(api);
    return entropy ? entropy.clock() : RealDate.now();
  };
  // `new Date(x)` is untouched, `Date()` and `new Date()` read the sandbox clock; the prototype is
  // Date's own, so `instanceof Date` holds both ways and `class X extends Date` still works.
  const SandboxDate = function Date(this: unknown, ...args: unknown[]) {
    if (!new.target) return new RealDate(now('new Date()')).toString();
    return Reflect.construct(RealDate, args.length ? args : [now('new Date()')], new.target);
  } as unknown as DateConstructor;
  Object.defineProperties(SandboxDate, {
    prototype: { value: RealDate.prototype },
    now: { value: () => now('Date.now'), writable: true, configurable: true },
    parse: { value: RealDate.parse, writable: true, configurable: true },
    UTC: { value: RealDate.UTC, writable: true, configurable: true },
  });

  const performanceNow = () => {
    const entropy = draw('performance.now');
    return entropy ? entropy.elapsed() : realPerformance.now();
  };
  const SandboxPerformance = forwardingProxy(realPerformance, { now: performanceNow });
  const SandboxWebCrypto = forwardingProxy(realWebCrypto, { getRandomValues, randomUUID: () => uuid('crypto.randomUUID') });

  const randomBytes = (size: number, callback?: (error: Error | null, buf: Buffer) => void): Buffer | undefined => {
    const entropy = draw('crypto.randomBytes');
    const buf = entropy ? Buffer.alloc(size) : nodeCrypto.randomBytes(size);
    if (entropy) fill(entropy, buf);
    if (!callback) return buf;
    queueMicrotask(() => callback(null, buf));
    return undefined;
  };
  type Fillable = Parameters<typeof nodeCrypto.randomFillSync>[0];
  const randomFillSync = (buf: Fillable, offset = 0, size?: number): Fillable => {
    const entropy = draw('crypto.randomBytes');
    if (!entropy) return nodeCrypto.randomFillSync(buf, offset, size);
    const bytes = bytesOf(buf);
    fill(entropy, bytes.subarray(offset, size === undefined ? undefined : offset + size));
    return buf;
  };
  const randomInt = (min: number, max?: number): number => {
    const [lo, hi] = max === undefined ? [0, min] : [min, max];
    const entropy = draw('crypto.randomInt');
    return entropy ? lo + Math.floor(entropy.next() * (hi - lo)) : nodeCrypto.randomInt(lo, hi);
  };
  const SandboxNodeCrypto = Object.create(nodeCrypto, {
    randomBytes: { value: randomBytes },
    randomFillSync: { value: randomFillSync },
    randomUUID: { value: () => uuid('crypto.randomUUID') },
    randomInt: { value: randomInt },
    getRandomValues: { value: getRandomValues },
    webcrypto: { value: SandboxWebCrypto },
  });
  Object.defineProperty(SandboxNodeCrypto, 'default', { value: SandboxNodeCrypto });

  const shadowed: Record<string, unknown> = {
    Math: SandboxMath,
    Date: SandboxDate,
    performance: SandboxPerformance,
    crypto: SandboxWebCrypto,
  };
  // lodash (and other UMD builds) find `Math` through the global object, not by name.
  const SandboxGlobal = forwardingProxy(globalThis, shadowed, false);
  return {
    bindings: { ...shadowed, global: SandboxGlobal, globalThis: SandboxGlobal },
    modules: { crypto: SandboxNodeCrypto, 'node:crypto': SandboxNodeCrypto },
  };
}

/** `target` with some properties replaced; its methods stay bound to it (Node checks their receiver). */
function forwardingProxy<T extends object>(target: T, replaced: Record<string, unknown>, bindMethods = true): T {
  return new Proxy(target, {
    get(obj, key) {
      if (typeof key === 'string' && Object.prototype.hasOwnProperty.call(replaced, key)) return replaced[key];
      const value = Reflect.get(obj, key);
      return bindMethods && typeof value === 'function' ? value.bind(obj) : value;
    },
  });
}
