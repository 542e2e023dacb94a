import type { BioLinkType } from "../../../domain/link-in-bio/rules";
import type { BioLink, BioPage } from "../../../domain/link-in-bio/views";
import { PRODUCT_NAME } from "../../lib/brand";
import { PlatformBadge } from "../accounts/platform-badge";
import { goHref, initialsOf, SOCIAL_PLATFORM_NAMES, socialBadgeOf, visiblePart } from "./bio-view";
import "./bio-page.css";

/** Each link type's mark (24×24, stroked), drawn inline: the public page loads no icon font or script. */
const TYPE_ICONS: Readonly<Record<BioLinkType, ReadonlyArray<string>>> = {
  link: ["M10 14a4 4 0 0 0 5.66 0l3-3a4 4 0 0 0-5.66-5.66l-1 1", "M14 10a4 4 0 0 0-5.66 0l-3 3a4 4 0 0 0 5.66 5.66l1-1"],
  email: ["M3 5h18v14H3z", "M3 6l9 7 9-7"],
  phone: ["M5 3h4l2 5-2.5 1.5a11 11 0 0 0 6 6L16 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 5a2 2 0 0 1 2-2"],
  product: ["M6 7h12l-1 14H7z", "M9 7a3 3 0 0 1 6 0"],
  event: ["M3 5h18v16H3z", "M3 10h18", "M8 3v4", "M16 3v4"],
  video: ["M3 6h13v12H3z", "M16 10l5-3v10l-5-3"],
  music: ["M9 18V5l12-2v13", "M9 18a3 3 0 1 1-6 0 3 3 0 0 1 6 0", "M21 16a3 3 0 1 1-6 0 3 3 0 0 1 6 0"],
};

export const LinkTypeIcon = ({ type }: { type: BioLinkType }) => (
  <svg className="bio-type-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
    {TYPE_ICONS[type].map((d) => (
      <path key={d} d={d} />
    ))}
  </svg>
);

interface Props {
  readonly page: Pick<BioPage, "title" | "bio" | "profileImage" | "theme" | "socialLinks" | "links"> & { readonly username: string | null };
  /**
   * The public page: its links go through the counting redirect. The editor's phone preview shows the
   * same page with nothing to click (its links would leave the editor, or count a click).
   */
  readonly live: boolean;
  /** A white-labelled agency's page (and its clients') does not name the product. */
  readonly whiteLabel?: boolean;
}

/** The link-in-bio page as visitors see it, themed by `data-theme`: rendered on the server without JavaScript, and as the editor's preview. */
export default function BioPageView({ page, live, whiteLabel = false }: Props) {
  const { links, socialLinks } = visiblePart(page);
  const linkTarget = (link: BioLink) => (live && page.username ? goHref(page.username, link.id) : undefined);
  return (
    <div className="bio-page" data-theme={page.theme} data-testid="bio-page">
      <div className="bio-column">
        <header className="bio-head">
          {page.profileImage ? (
            <img className="bio-avatar" src={page.profileImage} alt="" width="96" height="96" />
          ) : (
            <span className="bio-avatar bio-initials" aria-hidden="true">
              {initialsOf(page.title)}
            </span>
          )}
          <h1 className="bio-title name-wrap">{page.title || "Your page"}</h1>
          {page.bio && <p className="bio-text">{page.bio}</p>}
        </header>
        {socialLinks.length > 0 && (
          <ul className="bio-social" aria-label="Social profiles">
            {socialLinks.map((social) => (
              <li key={social.platform}>
                {live ? (
                  <a href={social.url} rel="me noopener" aria-label={SOCIAL_PLATFORM_NAMES[social.platform]} title={SOCIAL_PLATFORM_NAMES[social.platform]}>
                    <PlatformBadge platform={socialBadgeOf(social.platform)} size="small" />
                  </a>
                ) : (
                  <span title={SOCIAL_PLATFORM_NAMES[social.platform]}>
                    <PlatformBadge platform={socialBadgeOf(social.platform)} size="small" />
                  </span>
                )}
              </li>
            ))}
          </ul>
        )}
        {links.length === 0 ? (
          <p className="bio-none">No links yet.</p>
        ) : (
          <ul className="bio-links" aria-label="Links">
            {links.map((link) => {
              const href = linkTarget(link);
              const content = (
                <>
                  <LinkTypeIcon type={link.type} />
                  <span className="bio-link-title">{link.title}</span>
                </>
              );
              return (
                <li key={link.id}>
                  {href ? (
                    <a className="bio-link" href={href} rel="noopener" data-testid="bio-link">
                      {content}
                    </a>
                  ) : (
                    <span className="bio-link" data-testid="bio-link">
                      {content}
                    </span>
                  )}
                </li>
              );
            })}
          </ul>
        )}
        {!whiteLabel && (
          <footer className="bio-footer">{live ? <a href="/">{`Made with ${PRODUCT_NAME}`}</a> : <span>{`Made with ${PRODUCT_NAME}`}</span>}</footer>
        )}
      </div>
    </div>
  );
}
