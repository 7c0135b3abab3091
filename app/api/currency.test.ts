import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCurrencyConverter, parseRates } from '../../server/platform/index.ts';
import { client, registeredClient, startTestServer, type TestServer } from '../../scripts/testing/server.ts';

/*
 * GET /api/v1/currency/convert (SPEC §7, issue 25 §1): the day's rates from the operator's source, read once a
 * day, answered as convertedAmount. The source here is a local server answering the ECB's published shape.
 */

// The shape of https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml (rates per euro).
const ECB = `<?xml version="1.0" encoding="UTF-8"?>
<gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">
	<gesmes:subject>Reference rates</gesmes:subject>
	<gesmes:Sender>
		<gesmes:name>European Central Bank</gesmes:name>
	</gesmes:Sender>
	<Cube>
		<Cube time='2026-11-26'>
			<Cube currency='USD' rate='1.0800'/>
			<Cube currency='JPY' rate='162.00'/>
			<Cube currency='GBP' rate='0.8500'/>
		</Cube>
	</Cube>
</gesmes:Envelope>`;

let rates: Server;
let hits = 0;
let server: TestServer;
let merchant: Awaited<ReturnType<typeof registeredClient>>;

beforeAll(async () => {
  rates = createServer((_req, res) => {
    hits += 1;
    res.writeHead(200, { 'Content-Type': 'text/xml' }).end(ECB);
  });
  await new Promise<void>((resolve) => rates.listen(0, '127.0.0.1', resolve));
  const port = (rates.address() as AddressInfo).port;
  server = await startTestServer({
    WORKER: 'off',
    CURRENCY_RATES_URL: `http://127.0.0.1:${port}/eurofxref-daily.xml`,
  });
  merchant = await registeredClient(server.url, 'currency@example.com');
});
afterAll(async () => {
  await server?.close();
  await new Promise((resolve) => rates?.close(resolve));
});

describe('GET /api/v1/currency/convert', () => {
  it('converts at the day’s rate, through the source’s base for cross rates, reading the source once', async () => {
    const res = await merchant.get('/api/v1/currency/convert?from=EUR&to=USD&amount=100');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ convertedAmount: 108, date: '2026-11-26' });
    const cross = await (await merchant.get('/api/v1/currency/convert?from=usd&to=jpy&amount=10')).json();
    expect(cross.convertedAmount).toBe(1500);
    const back = await (await merchant.get('/api/v1/currency/convert?from=GBP&to=EUR&amount=17')).json();
    expect(back.convertedAmount).toBe(20);
    expect(hits).toBe(1);
  });

  it('refuses unknown or malformed currencies and amounts with the field named', async () => {
    const unknown = await merchant.get('/api/v1/currency/convert?from=EUR&to=XYZ&amount=1');
    expect(unknown.status).toBe(400);
    expect((await unknown.json()).message).toBe('No exchange rate for XYZ.');
    const bad = await merchant.get('/api/v1/currency/convert?from=EURO&to=USD&amount=1');
    expect(bad.status).toBe(400);
    expect((await bad.json()).message).toContain('from');
    const amount = await merchant.get('/api/v1/currency/convert?from=EUR&to=USD&amount=abc');
    expect(amount.status).toBe(400);
    expect((await amount.json()).message).toContain('amount');
  });

  it('is for signed-in users', async () => {
    expect((await client(server.url).get('/api/v1/currency/convert?from=EUR&to=USD&amount=1')).status).toBe(
      401,
    );
  });
});

describe('the rates source', () => {
  it('reads the JSON { base, date, rates } shape', () => {
    const r = parseRates('{"amount":1.0,"base":"USD","date":"2026-11-26","rates":{"EUR":0.92,"CHF":0.88}}');
    expect(r?.base).toBe('USD');
    expect(r?.rates.get('EUR')).toBe(0.92);
    expect(r?.rates.get('USD')).toBe(1);
    expect(parseRates('<html>maintenance</html>')).toBeNull();
    expect(parseRates('{"error":"nope"}')).toBeNull();
  });

  it('reads the source again on a new day, and does not keep a failure', async () => {
    let day = '2026-11-26T10:00:00Z';
    let calls = 0;
    let failing = true;
    const converter = createCurrencyConverter({
      url: 'http://rates.invalid/latest',
      now: () => new Date(day),
      fetch: (async () => {
        calls += 1;
        if (failing) return new Response('busy', { status: 503 });
        return Response.json({ base: 'EUR', date: day.slice(0, 10), rates: { USD: calls } });
      }) as typeof fetch,
    });
    await expect(converter.convert('EUR', 'USD', 1)).rejects.toMatchObject({
      status: 503,
      message: 'The exchange rates could not be read. Please try again later.',
    });
    failing = false;
    expect((await converter.convert('EUR', 'USD', 1)).convertedAmount).toBe(2);
    expect((await converter.convert('EUR', 'USD', 1)).convertedAmount).toBe(2);
    expect(calls).toBe(2);
    day = '2026-11-27T00:00:01Z';
    expect((await converter.convert('EUR', 'USD', 1)).convertedAmount).toBe(3);
    expect(calls).toBe(3);
  });

  it('says conversion is off when no source is configured', async () => {
    await expect(createCurrencyConverter({ url: undefined }).convert('EUR', 'USD', 1)).rejects.toMatchObject({
      status: 503,
      message: 'Currency conversion is not set up on this server.',
    });
  });
});
