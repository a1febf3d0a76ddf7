/**
 * Which network a beacon comes from, for the limits of field measurements (issue 53): an IPv6
 * client by its /48 (what a site or an office gets; 1,200 addresses from different /64s of one /48
 * are one sender), an IPv4 client by its address (`::ffff:a.b.c.d` too). Only ever used hashed
 * with a key, never stored or logged.
 */
import { hmacHex } from "../../shared/digest";
import { ipv6Groups, mappedIpv4 } from "../newsletter/limiter";

export function networkOf(connectingIp: string | undefined): string {
  const ip = connectingIp?.trim();
  if (!ip) return "local";
  if (!ip.includes(":")) return ip;
  const groups = ipv6Groups(ip);
  return mappedIpv4(groups) ?? `${groups.slice(0, 3).join(":")}::/48`;
}

/** The network as the token and the ledger see it: keyed, so neither holds an address. */
export async function networkKey(key: string, connectingIp: string | undefined): Promise<string> {
  return (await hmacHex("SHA-256", key, `network|${networkOf(connectingIp)}`)).slice(0, 32);
}
