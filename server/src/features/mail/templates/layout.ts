import { PRODUCT_NAME } from '@kora/contracts';
import { type Html, html, safeLinkUrl } from './html.js';
import type { MailStrings } from './strings-en.js';

/** What one e-mail says, as blocks the layout draws twice: as HTML and as plain text. */
export type MailBlock =
  | { kind: 'paragraph'; text: string }
  | { kind: 'button'; label: string; url: string }
  | { kind: 'facts'; rows: { label: string; value: string }[] }
  | { kind: 'note'; text: string };

export type MailDocument = {
  subject: string;
  /** The line mail apps show after the subject before the e-mail is opened. */
  preview: string;
  heading: string;
  /** The listener's first name for the greeting; without it the greeting names no one. */
  name: string | undefined;
  blocks: MailBlock[];
};

/** A rendered e-mail: both bodies say the same, so a text-only mail app loses nothing. */
export type MailContent = { subject: string; text: string; html: string };

// The web app's palette (web/src/index.css): the warm near-black canvas, kente gold, paper for reading.
const colors = {
  canvas: '#0e0b08',
  gold: '#f5b841',
  onGold: '#1c1204',
  jade: '#179e69',
  coral: '#e8543f',
  paper: '#f7f2ea',
  paperInk: '#1c1610',
  muted: '#5a4c3e',
  subtle: '#9d9080',
  line: '#e4dacb',
};
const font = `ui-sans-serif,system-ui,-apple-system,'Segoe UI',Roboto,'Helvetica Neue','Noto Sans',Arial,sans-serif`;

export function renderMail(document: MailDocument, strings: MailStrings): MailContent {
  return { subject: document.subject, text: renderText(document, strings), html: renderHtml(document, strings).markup };
}

function greeting(document: MailDocument, strings: MailStrings): string {
  const name = document.name?.trim();
  return name ? strings.layout.greeting(name) : strings.layout.greetingWithoutName;
}

function renderText(document: MailDocument, strings: MailStrings): string {
  const blocks = document.blocks.map((block) => {
    switch (block.kind) {
      case 'paragraph':
      case 'note':
        return block.text;
      case 'button':
        return `${block.label}:\n${safeLinkUrl(block.url)}`;
      case 'facts':
        return block.rows.map((row) => `${row.label}: ${row.value}`).join('\n');
    }
  });
  return [document.heading, greeting(document, strings), ...blocks, strings.layout.signOff, `--\n${strings.layout.footer}`].join('\n\n') + '\n';
}

function renderHtml(document: MailDocument, strings: MailStrings): Html {
  const body = document.blocks.map((block) => {
    switch (block.kind) {
      case 'paragraph':
        return html`<p style="margin:0 0 16px;">${block.text}</p>`;
      case 'note':
        return html`<p style="margin:0 0 16px;font-size:14px;color:${colors.muted};">${block.text}</p>`;
      case 'button':
        return button(block.label, safeLinkUrl(block.url), strings);
      case 'facts':
        return facts(block.rows);
    }
  });
  // Tables and inline styles: what every mail app, old Outlook included, draws the same.
  return html`<!doctype html>
<html lang="${strings.lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${document.subject}</title>
</head>
<body style="margin:0;padding:0;background-color:${colors.canvas};">
<div style="display:none;max-height:0;overflow:hidden;opacity:0;">${document.preview}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background-color:${colors.canvas};">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:560px;">
<tr><td style="padding:0 4px 16px;">${wordmark()}</td></tr>
<tr><td>${kenteBand()}</td></tr>
<tr><td style="background-color:${colors.paper};border-radius:0 0 16px 16px;padding:28px 24px;color:${colors.paperInk};font-family:${font};font-size:16px;line-height:1.5;">
<h1 style="margin:0 0 16px;font-size:22px;line-height:1.3;color:${colors.paperInk};">${document.heading}</h1>
<p style="margin:0 0 16px;">${greeting(document, strings)}</p>
${body}
<p style="margin:24px 0 0;">${strings.layout.signOff}</p>
</td></tr>
<tr><td style="padding:16px 4px;color:${colors.subtle};font-family:${font};font-size:12px;line-height:1.5;">${strings.layout.footer}</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
}

/** The mark (a gold tile with the kora's dark calabash) and the product name, as in the app's header. */
function wordmark(): Html {
  return html`<table role="presentation" cellpadding="0" cellspacing="0" border="0"><tr>
<td width="32" height="32" align="center" valign="middle" style="width:32px;height:32px;background-color:${colors.gold};border-radius:8px;"><span style="display:inline-block;width:14px;height:14px;border-radius:7px;background-color:${colors.onGold};"></span></td>
<td style="padding-left:10px;font-family:${font};font-size:22px;font-weight:800;letter-spacing:-0.02em;color:${colors.paper};">${PRODUCT_NAME}</td>
</tr></table>`;
}

/** The brand's woven stripe (the web app's kente-band): gold, jade and coral between thin dark gaps. */
function kenteBand(): Html {
  const stripes: [string, number][] = [
    [colors.gold, 28],
    [colors.canvas, 4],
    [colors.jade, 12],
    [colors.canvas, 4],
    [colors.coral, 8],
    [colors.canvas, 4],
  ];
  const cells = Array.from({ length: 9 }, () =>
    stripes.map(([color, width]) => html`<td width="${width}" height="6" style="width:${width}px;height:6px;background-color:${color};font-size:0;line-height:0;"></td>`),
  ).flat();
  return html`<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="border-radius:16px 16px 0 0;overflow:hidden;"><tr>${cells}<td style="background-color:${colors.gold};font-size:0;line-height:0;"></td></tr></table>`;
}

function button(label: string, url: string, strings: MailStrings): Html {
  return html`<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 16px;"><tr>
<td style="background-color:${colors.gold};border-radius:10px;"><a href="${url}" style="display:inline-block;padding:12px 22px;font-family:${font};font-size:16px;font-weight:700;color:${colors.onGold};text-decoration:none;">${label}</a></td>
</tr></table>
<p style="margin:0 0 16px;font-size:13px;color:${colors.muted};">${strings.layout.linkFallback}<br><a href="${url}" style="color:${colors.paperInk};word-break:break-all;">${url}</a></p>`;
}

function facts(rows: { label: string; value: string }[]): Html {
  const lines = rows.map(
    (row) =>
      html`<tr><td style="padding:6px 12px 6px 0;color:${colors.muted};white-space:nowrap;vertical-align:top;">${row.label}</td><td style="padding:6px 0;">${row.value}</td></tr>`,
  );
  return html`<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:0 0 16px;font-size:15px;border-top:1px solid ${colors.line};border-bottom:1px solid ${colors.line};">${lines}</table>`;
}
