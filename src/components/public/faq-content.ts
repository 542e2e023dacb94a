/**
 * The public FAQ (spec engagement §2 "FAQ page"): six groups of four questions.
 *
 * Answers are plain text with inline links written as `[label](href)`. The page renders them as
 * HTML (`answerHtml`) and the FAQPage JSON-LD uses the same text without the link markup
 * (`answerText`), so the two can never drift apart.
 */
import { CONTACT_SALES_ABOVE_ACCOUNTS, MAX_ANNUAL_SAVINGS, PLANS, limitsOf, planById } from "../../../domain/plans";
import { PRODUCT_NAME, SUPPORT_EMAIL } from "../../lib/brand";
import { PLATFORM_COUNT, REVIEW_PLATFORMS, SOCIAL_PLATFORMS } from "./platforms";
import { trialIncludes } from "./trial-terms";
import { listed } from "../../lib/text";

export interface FaqItem {
  readonly id: string;
  readonly question: string;
  /** Paragraphs of plain text; `[label](href)` marks a link. */
  readonly answer: ReadonlyArray<string>;
}

export interface FaqGroup {
  readonly id: string;
  readonly title: string;
  readonly items: ReadonlyArray<FaqItem>;
}

export const FAQ_GROUP_TITLES = [
  "Getting Started",
  "Platform & Features",
  "Scheduling & Publishing",
  "Analytics & Reporting",
  "Team & Collaboration",
  "Billing & Support",
] as const;

const plan = planById;

export const faqContent = (trialDays: number): ReadonlyArray<FaqGroup> => {
  const trial = `${trialDays}-day`;
  const days = `${trialDays} ${trialDays === 1 ? "day" : "days"}`;
  const starter = plan("starter");
  const starterPosts = limitsOf("starter").scheduledPosts;
  const accountsByPlan = listed(PLANS.map((p) => `${p.accounts} on ${p.name}`));
  const historyByPlan = `${plan("starter").analyticsHistory} on Starter, ${plan("professional").analyticsHistory} on Professional and ${plan("growth").analyticsHistory} on Growth and Agency`;
  const mailto = `mailto:${SUPPORT_EMAIL}`;

  return [
    {
      id: "getting-started",
      title: "Getting Started",
      items: [
        {
          id: "free-trial",
          question: "How does the free trial work?",
          answer: [
            `Every plan starts with a ${trial} free trial. ${trialIncludes()} A credit card is required to start the trial. If you cancel within ${days}, you get a full refund.`,
            `Pick a plan on the [pricing page](/pricing) and select "Start Free Trial" to create your account.`,
          ],
        },
        {
          id: "which-plan",
          question: "Which plan is right for me?",
          answer: [
            `Starter suits individuals and solo practices (${starter.accounts} social accounts, ${starterPosts} scheduled posts). Professional, our most popular plan, adds review management, unlimited posts and unlimited team members. Growth adds the unified social inbox, RSS auto-posting and post recycling, and Agency adds client management and white-label reports.`,
            `Compare every feature side by side on the [pricing page](/pricing). If you need more than ${CONTACT_SALES_ABOVE_ACCOUNTS} accounts, [contact us](${mailto}).`,
          ],
        },
        {
          id: "connect-accounts",
          question: "How do I connect my social media accounts?",
          answer: [
            `After signing up, open Connect Accounts in the app and choose a platform. You sign in with that platform and grant ${PRODUCT_NAME} permission to post on your behalf; we never see or store your password for that platform.`,
            `You can disconnect an account at any time from Settings.`,
          ],
        },
        {
          id: "demo",
          question: "Can I look around before signing up?",
          answer: [
            `Yes. The [live demo](/app/dashboard?demo=true) opens the dashboard with sample data on the Professional plan, no account needed.`,
          ],
        },
      ],
    },
    {
      id: "platform-features",
      title: "Platform & Features",
      items: [
        {
          id: "platforms",
          question: "Which platforms do you support?",
          answer: [
            `${PRODUCT_NAME} supports ${PLATFORM_COUNT} platforms: ${SOCIAL_PLATFORMS.length} social networks (${listed(SOCIAL_PLATFORMS)}) and ${REVIEW_PLATFORMS.length} review and directory sites (${listed(REVIEW_PLATFORMS)}).`,
          ],
        },
        {
          id: "how-many-accounts",
          question: "How many accounts can I connect?",
          answer: [
            `It depends on your plan: ${accountsByPlan}. For more than ${CONTACT_SALES_ABOVE_ACCOUNTS} accounts, [contact us](${mailto}) for a custom plan.`,
          ],
        },
        {
          id: "reviews",
          question: "Can I manage reviews from Google, Yelp and professional directories?",
          answer: [
            `Yes, on Professional and above. Reviews from your connected review sites appear in one list where you can filter by platform and status and post a response. Growth and Agency also bring comments and direct messages into the unified social inbox.`,
          ],
        },
        {
          id: "ai",
          question: "Does it include an AI writing assistant?",
          answer: [
            `Yes, on every plan. The AI assistant can draft a post from a prompt, shorten or expand it, make it more casual or more formal, write a hook or a call to action, and create an image to go with it. You always review the text before it is published.`,
          ],
        },
      ],
    },
    {
      id: "scheduling-publishing",
      title: "Scheduling & Publishing",
      items: [
        {
          id: "schedule",
          question: "How do I schedule posts?",
          answer: [
            `Write your post once, choose the accounts to publish to, then post now, pick a date and time, or add it to your queue. Times are entered in your own time zone, and the content calendar and queue show everything that is scheduled.`,
          ],
        },
        {
          id: "failed-posts",
          question: "What happens if a post fails to publish?",
          answer: [
            `If a platform rejects a post (for example because a connection expired), the post is returned to your drafts with the reason shown, so nothing is lost. Fix the problem and schedule it again.`,
          ],
        },
        {
          id: "recurring",
          question: "Can I repeat a post on a schedule?",
          answer: [
            `Yes. Any post can repeat daily, weekly or monthly, on chosen weekdays or a chosen week of the month, until an end date or for a set number of times.`,
          ],
        },
        {
          id: "bulk-upload",
          question: "Can I schedule many posts at once?",
          answer: [
            `Yes. Bulk upload takes a CSV file with the columns content, date (YYYY-MM-DD), time (HH:MM) and platforms (separated by semicolons), with an optional media column. You can check every row before scheduling them all.`,
          ],
        },
      ],
    },
    {
      id: "analytics-reporting",
      title: "Analytics & Reporting",
      items: [
        {
          id: "metrics",
          question: "Which metrics can I see?",
          answer: [
            `Analytics show impressions, reach, clicks, engagements and engagement rate for each platform, plus your top performing posts.`,
          ],
        },
        {
          id: "refresh",
          question: "How often are analytics updated?",
          answer: [`Analytics refresh within about 15 minutes of activity on your connected accounts.`],
        },
        {
          id: "history",
          question: "How much analytics history is kept?",
          answer: [`Analytics history depends on your plan: ${historyByPlan}.`],
        },
        {
          id: "export",
          question: "Can I export my analytics?",
          answer: [
            `Yes. You can export your analytics as a CSV file to open in a spreadsheet, or as a PDF to share with your team and clients: on Analytics, choose the period and press Export CSV or Export PDF. Both give one row per platform and day with its posts, impressions, reach and engagements; the PDF adds the totals and the chart.`,
          ],
        },
      ],
    },
    {
      id: "team-collaboration",
      title: "Team & Collaboration",
      items: [
        {
          id: "team-size",
          question: "How many team members can I add?",
          answer: [
            `Starter is for individual use. Professional, Growth and Agency include unlimited team members at no extra cost.`,
          ],
        },
        {
          id: "roles",
          question: "What roles and permissions are there?",
          answer: [
            `There are three roles. The Owner has full access, including billing, and can add or remove members. Admins create and publish posts, connect accounts, see analytics, invite and manage members, and manage clients. Members create and schedule posts and see limited analytics, without access to billing or settings.`,
            `Only Owners and Admins can invite people; an invitation expires after 7 days.`,
          ],
        },
        {
          id: "approvals",
          question: "Can clients approve posts before they go out?",
          answer: [
            `Yes, on the Agency plan. Agency includes client management with an approval workflow, so a client can review posts before they are published.`,
          ],
        },
        {
          id: "white-label",
          question: "Do you offer white-label reports?",
          answer: [
            `White-label reporting and client management are included in the Agency plan. See the [pricing page](/pricing) for details.`,
          ],
        },
      ],
    },
    {
      id: "billing-support",
      title: "Billing & Support",
      items: [
        {
          id: "card-required",
          question: "Do I need a credit card for the free trial?",
          answer: [
            `Yes. A credit card is required to start the ${trial} free trial. Cancel within ${days} and you get a full refund.`,
          ],
        },
        {
          id: "change-plan",
          question: "Can I change or cancel my plan?",
          answer: [
            `Yes. You can upgrade, downgrade or cancel at any time from Settings. Annual billing saves up to ${MAX_ANNUAL_SAVINGS}% compared with paying monthly.`,
          ],
        },
        {
          id: "refunds",
          question: "What is your refund policy?",
          answer: [
            `If you cancel within ${days} of starting your subscription, you get a full refund. After that, your plan stays active until the end of the billing period you have paid for.`,
          ],
        },
        {
          id: "support",
          question: "How do I get support?",
          answer: [
            `Email [${SUPPORT_EMAIL}](${mailto}) and we reply within 24 hours. Professional, Growth and Agency customers can also chat with the people who run SocialDesk from the Help button inside the app. We aim to answer a chat within 4 hours during our working hours, a target our support console tracks for every conversation; an answer you have not read by then reaches you by email too. Where nobody answers chat, the Help panel says so and offers email.`,
          ],
        },
      ],
    },
  ];
};

const LINK = /\[([^\]]+)\]\(([^)\s]+)\)/g;

const escapeHtml = (text: string): string =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** One answer paragraph as HTML, with `[label](href)` turned into links and everything else escaped. */
export const answerHtml = (paragraph: string): string => {
  let html = "";
  let last = 0;
  for (const match of paragraph.matchAll(LINK)) {
    html += escapeHtml(paragraph.slice(last, match.index));
    html += `<a href="${escapeHtml(match[2])}">${escapeHtml(match[1])}</a>`;
    last = match.index + match[0].length;
  }
  return html + escapeHtml(paragraph.slice(last));
};

/** An answer as plain text (links reduced to their labels), paragraphs joined by a blank line. */
export const answerText = (answer: ReadonlyArray<string>): string =>
  answer.map((paragraph) => paragraph.replace(LINK, "$1")).join("\n\n");

/** schema.org FAQPage built from the same content the page shows. */
export const faqJsonLd = (groups: ReadonlyArray<FaqGroup>): Record<string, unknown> => ({
  "@context": "https://schema.org",
  "@type": "FAQPage",
  mainEntity: groups.flatMap((group) =>
    group.items.map((item) => ({
      "@type": "Question",
      name: item.question,
      acceptedAnswer: { "@type": "Answer", text: answerText(item.answer) },
    })),
  ),
});
