// The shop's e-mails (docs/contract/e-mails.md): each is composed here, as pure functions of its data,
// into a subject, a plain-text body and an HTML body, in French and with the shop's name. The server
// only sends what these return.
import { formatDate, formatEuros } from './format';

export interface ComposedMail {
  subject: string;
  text: string;
  html: string;
}

export interface MailLine {
  designation: string;
  codeArticle: string;
  quantity: number;
  unit: string;
  amountHt: number;
}

export interface OrderConfirmationData {
  customerName: string;
  orderNumber: string;
  placedAt: Date;
  lines: readonly MailLine[];
  shippingFee: number;
  totalHt: number;
  totalTtc: number;
  /** The payment status label, e.g. 'Commande terminée'. */
  paymentStatus: string;
  carrier: string;
  deliveryAddress: readonly string[];
  orderUrl: string;
}

export interface AccountCreatedData {
  name: string;
  login: string;
  loginUrl: string;
}

export interface PaymentRefusedData {
  customerName: string;
  orderNumber: string;
  totalTtc: number;
  orderUrl: string;
}

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** The HTML frame every mail shares: the shop's name as a header, the body, a footer. */
function frame(shopName: string, title: string, body: string): string {
  const shop = escapeHtml(shopName);
  return `<!doctype html>
<html lang="fr"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:0;background:#f4f5f7;font-family:Arial,Helvetica,sans-serif;color:#1f2933">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="max-width:600px;width:100%;background:#ffffff;border-radius:6px">
<tr><td style="padding:20px 24px;background:#1d3557;color:#ffffff;font-size:20px;font-weight:bold;border-radius:6px 6px 0 0">${shop}</td></tr>
<tr><td style="padding:24px;font-size:15px;line-height:1.5">${body}</td></tr>
<tr><td style="padding:16px 24px;font-size:12px;color:#52606d;border-top:1px solid #e4e7eb">${shop} — ce message vous est envoyé automatiquement, merci de ne pas y répondre.</td></tr>
</table></td></tr></table></body></html>`;
}

const paragraph = (text: string) => `<p style="margin:0 0 12px">${escapeHtml(text)}</p>`;
const button = (href: string, label: string) =>
  `<p style="margin:20px 0"><a href="${escapeHtml(href)}" style="display:inline-block;padding:10px 18px;background:#1d3557;color:#ffffff;text-decoration:none;border-radius:4px">${escapeHtml(label)}</a></p>`;
const textFooter = (shopName: string) =>
  `\n-- \n${shopName} — ce message vous est envoyé automatiquement, merci de ne pas y répondre.\n`;

export function orderConfirmationMail(shopName: string, data: OrderConfirmationData): ComposedMail {
  const subject = `${shopName} : confirmation de votre commande ${data.orderNumber}`;
  const lineText = (line: MailLine) =>
    `- ${line.designation} (${line.codeArticle}) : ${line.quantity} ${line.unit} — ${formatEuros(line.amountHt)} HT`;
  const text =
    [
      `Bonjour ${data.customerName},`,
      '',
      `Nous avons bien reçu votre commande ${data.orderNumber} du ${formatDate(data.placedAt)}.`,
      `Statut du paiement : ${data.paymentStatus}.`,
      '',
      ...data.lines.map(lineText),
      `Frais de port : ${formatEuros(data.shippingFee)} HT`,
      `Total HT : ${formatEuros(data.totalHt)}`,
      `Total TTC : ${formatEuros(data.totalTtc)}`,
      '',
      `Transporteur : ${data.carrier}`,
      `Livraison : ${data.deliveryAddress.join(', ')}`,
      '',
      `Suivre votre commande : ${data.orderUrl}`,
    ].join('\n') + textFooter(shopName);
  const cell = 'padding:6px 8px;border-bottom:1px solid #e4e7eb';
  const rows = data.lines
    .map(
      (line) =>
        `<tr><td style="${cell}">${escapeHtml(line.designation)}<br><span style="color:#52606d;font-size:12px">${escapeHtml(line.codeArticle)}</span></td>` +
        `<td style="${cell};text-align:right;white-space:nowrap">${line.quantity} ${escapeHtml(line.unit)}</td>` +
        `<td style="${cell};text-align:right;white-space:nowrap">${escapeHtml(formatEuros(line.amountHt))}</td></tr>`,
    )
    .join('');
  const total = (label: string, amount: number, bold = false) =>
    `<tr><td colspan="2" style="padding:4px 8px;text-align:right${bold ? ';font-weight:bold' : ''}">${label}</td>` +
    `<td style="padding:4px 8px;text-align:right;white-space:nowrap${bold ? ';font-weight:bold' : ''}">${escapeHtml(formatEuros(amount))}</td></tr>`;
  const html = frame(
    shopName,
    subject,
    paragraph(`Bonjour ${data.customerName},`) +
      paragraph(`Nous avons bien reçu votre commande ${data.orderNumber} du ${formatDate(data.placedAt)}.`) +
      paragraph(`Statut du paiement : ${data.paymentStatus}.`) +
      `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border-collapse:collapse;font-size:14px">` +
      `<tr><th style="${cell};text-align:left">Article</th><th style="${cell};text-align:right">Quantité</th><th style="${cell};text-align:right">Montant HT</th></tr>` +
      rows +
      total('Frais de port HT', data.shippingFee) +
      total('Total HT', data.totalHt) +
      total('Total TTC', data.totalTtc, true) +
      `</table>` +
      paragraph(`Transporteur : ${data.carrier}`) +
      paragraph(`Livraison : ${data.deliveryAddress.join(', ')}`) +
      button(data.orderUrl, 'Suivre ma commande'),
  );
  return { subject, text, html };
}

export function accountCreatedMail(shopName: string, data: AccountCreatedData): ComposedMail {
  const subject = `${shopName} : votre compte est créé`;
  const text =
    [
      `Bonjour ${data.name},`,
      '',
      `Votre compte client ${shopName} est créé. Votre identifiant : ${data.login}.`,
      `Vous pouvez vous connecter et commander dès maintenant : ${data.loginUrl}`,
    ].join('\n') + textFooter(shopName);
  const html = frame(
    shopName,
    subject,
    paragraph(`Bonjour ${data.name},`) +
      paragraph(`Votre compte client ${shopName} est créé. Votre identifiant : ${data.login}.`) +
      button(data.loginUrl, 'Me connecter'),
  );
  return { subject, text, html };
}

export function paymentRefusedMail(shopName: string, data: PaymentRefusedData): ComposedMail {
  const subject = `${shopName} : paiement refusé pour la commande ${data.orderNumber}`;
  const explanation =
    `Le paiement par carte de votre commande ${data.orderNumber} (${formatEuros(data.totalTtc)} TTC) ` +
    'n’a pas été accepté par la banque. La commande est conservée en attente de règlement : ' +
    'notre service client vous contactera, ou vous pouvez nous régler par un autre moyen.';
  const text =
    [`Bonjour ${data.customerName},`, '', explanation, '', `Votre commande : ${data.orderUrl}`].join('\n') +
    textFooter(shopName);
  const html = frame(
    shopName,
    subject,
    paragraph(`Bonjour ${data.customerName},`) +
      paragraph(explanation) +
      button(data.orderUrl, 'Voir ma commande'),
  );
  return { subject, text, html };
}

export interface PasswordResetData {
  name: string;
  login: string;
  resetUrl: string;
  validMinutes: number;
}

export function passwordResetMail(shopName: string, data: PasswordResetData): ComposedMail {
  const subject = `${shopName} : réinitialisation de votre mot de passe`;
  const intro = `Une demande de nouveau mot de passe a été faite pour votre compte ${shopName} (identifiant : ${data.login}).`;
  const validity = `Ce lien est valable ${data.validMinutes} minutes et ne sert qu’une fois.`;
  const ignore =
    'Si vous n’êtes pas à l’origine de cette demande, ignorez ce message : votre mot de passe reste inchangé.';
  const text =
    [
      `Bonjour ${data.name},`,
      '',
      intro,
      `Choisissez votre nouveau mot de passe : ${data.resetUrl}`,
      validity,
      '',
      ignore,
    ].join('\n') + textFooter(shopName);
  const html = frame(
    shopName,
    subject,
    paragraph(`Bonjour ${data.name},`) +
      paragraph(intro) +
      button(data.resetUrl, 'Choisir un nouveau mot de passe') +
      paragraph(validity) +
      paragraph(ignore),
  );
  return { subject, text, html };
}

export interface InvitationData {
  /** The invited person's name. */
  name: string;
  login: string;
  invitationUrl: string;
  validDays: number;
}

/** The back office's invitation (docs/contract/accounts.md): the link where the person chooses a password. */
export function invitationMail(shopName: string, data: InvitationData): ComposedMail {
  const subject = `${shopName} : votre compte vous attend`;
  const intro = `Un compte ${shopName} a été ouvert pour vous. Votre identifiant : ${data.login}.`;
  const action = 'Choisissez votre mot de passe pour vous connecter et commander.';
  const validity = `Ce lien est valable ${data.validDays} jours et ne sert qu’une fois.`;
  const text =
    [`Bonjour ${data.name},`, '', intro, `${action} ${data.invitationUrl}`, validity].join('\n') +
    textFooter(shopName);
  const html = frame(
    shopName,
    subject,
    paragraph(`Bonjour ${data.name},`) +
      paragraph(intro) +
      paragraph(action) +
      button(data.invitationUrl, 'Choisir mon mot de passe') +
      paragraph(validity),
  );
  return { subject, text, html };
}
