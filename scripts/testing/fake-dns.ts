// A tiny authoritative DNS server on 127.0.0.1 (UDP), for the custom-host checks: tests publish TXT and CNAME
// records on it and point the product at it with DNS_SERVERS, so no lookup ever leaves the machine.
import { createSocket, type Socket } from 'node:dgram';
import type { AddressInfo } from 'node:net';
import * as packet from 'dns-packet';

type Records = { TXT?: string[]; CNAME?: string[] };

const NOERROR = 0;
const NXDOMAIN = 3;

export class FakeDns {
  private socket: Socket | null = null;
  private records = new Map<string, Records>();
  /** Every question asked, as "TYPE name", to see what the product looked up. */
  readonly asked: string[] = [];
  port = 0;

  /** Publish (replace) the records of one name. */
  set(name: string, records: Records): void {
    this.records.set(name.toLowerCase().replace(/\.$/, ''), records);
  }

  remove(name: string): void {
    this.records.delete(name.toLowerCase().replace(/\.$/, ''));
  }

  /** What DNS_SERVERS must say to reach this server. */
  get server(): string {
    return `127.0.0.1:${this.port}`;
  }

  /** Listen on 127.0.0.1 (a free port, or `port` to come back where a stopped server was). */
  async start(port = 0): Promise<void> {
    const socket = createSocket('udp4');
    socket.on('message', (msg, rinfo) => {
      let query: packet.DecodedPacket;
      try {
        query = packet.decode(msg);
      } catch {
        return;
      }
      const question = query.questions?.[0];
      if (!question) return;
      const name = question.name.toLowerCase().replace(/\.$/, '');
      this.asked.push(`${question.type} ${name}`);
      const found = this.records.get(name);
      const answers: packet.Answer[] = [];
      if (found && question.type === 'TXT')
        for (const value of found.TXT ?? []) answers.push({ type: 'TXT', name, ttl: 60, data: value });
      if (found && question.type === 'CNAME')
        for (const value of found.CNAME ?? []) answers.push({ type: 'CNAME', name, ttl: 60, data: value });
      const reply = packet.encode({
        type: 'response',
        id: query.id,
        flags: packet.AUTHORITATIVE_ANSWER | (found ? NOERROR : NXDOMAIN),
        questions: query.questions,
        answers,
      });
      socket.send(reply, rinfo.port, rinfo.address);
    });
    await new Promise<void>((resolve) => socket.bind(port, '127.0.0.1', () => resolve()));
    this.port = (socket.address() as AddressInfo).port;
    this.socket = socket;
  }

  async stop(): Promise<void> {
    const socket = this.socket;
    this.socket = null;
    if (socket) await new Promise<void>((resolve) => socket.close(() => resolve()));
  }
}
