/**
 * The HTML of an e-mail to an agency's client: the brand's band (its name, logo and colour under a
 * white label, else the product's), then the message. Inline styles: mail clients read no others.
 */
export interface MailBrand {
  readonly name: string;
  readonly logoUrl: string | null;
  readonly color: string;
}

/** The product's name and colour where no white label applies. */
export const PRODUCT_BRAND: MailBrand = { name: "SocialDesk", logoUrl: null, color: "#2563EB" };

export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

export const brandedHtml = (
  brand: MailBrand,
  message: {
    readonly title: string;
    readonly subtitle?: string;
    /** Trusted HTML between the title and the paragraphs (figures). */
    readonly extra?: string;
    readonly paragraphs: ReadonlyArray<string>;
    readonly action?: { readonly label: string; readonly url: string };
  },
) => {
  const logo = brand.logoUrl ? `<img src="${escapeHtml(brand.logoUrl)}" alt="" height="32" style="height:32px;vertical-align:middle;margin-right:10px">` : "";
  const action = message.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(message.action.url)}" style="background:${brand.color};color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:700">${escapeHtml(message.action.label)}</a></p>`
    : "";
  return `<!doctype html><html><body style="margin:0;background:#ffffff;font-family:Helvetica,Arial,sans-serif;color:#171c26">
<div style="background:${brand.color};padding:18px 24px;color:#ffffff;font-size:18px;font-weight:700">${logo}${escapeHtml(brand.name)}</div>
<div style="padding:24px;max-width:600px">
<p style="margin:0 0 4px;font-size:22px;font-weight:700">${escapeHtml(message.title)}</p>
${message.subtitle ? `<p style="margin:0 0 20px;color:#667085">${escapeHtml(message.subtitle)}</p>` : ""}
${message.extra ?? ""}
${message.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join("\n")}
${action}
<p style="margin-top:24px">${escapeHtml(brand.name)}</p>
</div></body></html>`;
};
