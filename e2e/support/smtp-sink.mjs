// A local SMTP server for the end-to-end tests: every mail it receives is written as an .eml file
// into the folder given as the second argument, where a test reads it.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';

const [port, dir] = [Number(process.argv[2]), process.argv[3]];
mkdirSync(dir, { recursive: true });
let count = 0;
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, session, callback) {
    const chunks = [];
    stream.on('data', (chunk) => chunks.push(chunk));
    stream.on('end', () => {
      const to = session.envelope.rcptTo.map((r) => r.address).join(',');
      count += 1;
      writeFileSync(join(dir, `${Date.now()}-${count}-${to}.eml`), Buffer.concat(chunks));
      callback();
    });
  },
});
server.listen(port, '127.0.0.1');
