/**
 * The leaf parts of a MIME message as a mail client shows them: content type and the decoded
 * text (quoted-printable or base64 undone, charset UTF-8). Enough for the mails nodemailer
 * builds (multipart/alternative, mixed or related, nested); the tests read what a reader reads.
 */
export type MimePart = { type: string; text: string };

const splitHead = (raw: string) => {
  const m = /\r?\n\r?\n/.exec(raw);
  const head = m ? raw.slice(0, m.index) : raw;
  const body = m ? raw.slice(m.index + m[0].length) : '';
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const i = line.indexOf(':');
    if (i > 0) headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
  }
  return { headers, body };
};

const decode = (body: string, encoding: string) => {
  switch (encoding.toLowerCase()) {
    case 'quoted-printable': {
      const soft = body.replace(/=\r?\n/g, '');
      const bytes: number[] = [];
      for (let i = 0; i < soft.length; i++) {
        if (soft[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(soft.slice(i + 1, i + 3))) {
          bytes.push(parseInt(soft.slice(i + 1, i + 3), 16));
          i += 2;
        } else {
          bytes.push(...Buffer.from(soft[i]!, 'utf8'));
        }
      }
      return Buffer.from(bytes).toString('utf8');
    }
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    default:
      return body;
  }
};

export function mimeParts(raw: string): MimePart[] {
  const { headers, body } = splitHead(raw);
  const type = (headers['content-type'] ?? 'text/plain').split(';')[0]!.trim().toLowerCase();
  if (type.startsWith('multipart/')) {
    const boundary = /boundary="?([^";]+)"?/i.exec(headers['content-type'] ?? '')?.[1];
    if (!boundary) throw new Error('multipart without a boundary');
    const chunks = body.split(`--${boundary}`).slice(1);
    return chunks.filter((c) => !c.startsWith('--')).flatMap((c) => mimeParts(c.replace(/^\r?\n/, '')));
  }
  return [{ type, text: decode(body, headers['content-transfer-encoding'] ?? '7bit').replace(/\r\n/g, '\n') }];
}
