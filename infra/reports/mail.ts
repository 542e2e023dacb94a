import { changeLabel, NO_MESSAGES, NO_REVIEWS, ratingLabel, type ReportFrequency, waitLabel } from "../../domain/reports";
import { brandedHtml, escapeHtml } from "../mail/branded";
import type { ClientReport } from "./figures";

const count = (n: number) => Math.round(n).toLocaleString("en-US");
const plural = (n: number, one: string, many: string) => `${count(n)} ${n === 1 ? one : many}`;

/** The period's reviews and messages in a sentence each; an empty period says so. */
const workSentences = ({ reviews, messages }: ClientReport): [string, string] => [
  reviews.received === 0
    ? NO_REVIEWS
    : [
        `Reviews: ${plural(reviews.received, "review", "reviews")} received, average rating ${ratingLabel(reviews.averageRating!)}`,
        reviews.change === null ? "" : ` (${changeLabel(reviews.change)} from ${reviews.previousLabel})`,
        `, ${count(reviews.responded)} responded`,
        reviews.medianResponseMs === null ? "" : `, median time to respond ${waitLabel(reviews.medianResponseMs)}`,
        ".",
      ].join(""),
  messages.received === 0
    ? NO_MESSAGES
    : [
        `Messages: ${plural(messages.received, "message", "messages")} received, ${count(messages.replied)} replied`,
        messages.medianFirstResponseMs === null ? "" : `, median first response ${waitLabel(messages.medianFirstResponseMs)}`,
        ".",
      ].join(""),
];

/**
 * The e-mail that carries a client's scheduled report (PDF and CSV attached): from the agency's
 * brand under a white label, with its name, logo and colour and nothing of the product's.
 */
export const reportMail = (report: ClientReport, frequency: ReportFrequency) => {
  const { brand, client, totals } = report;
  const summary = `${count(totals.posts)} ${totals.posts === 1 ? "post" : "posts"} published, ${count(totals.engagements)} engagements (${totals.engagementRate} engagement rate)`;
  const intro = `Here is ${client.name}'s ${frequency} social media report for ${report.label}: ${summary}.`;
  const work = workSentences(report);
  const attached = "The full report is attached as a PDF, and the day-by-day figures as a CSV file for your spreadsheet.";
  const figure = (label: string, value: string) =>
    `<td style="padding:12px 16px;background:#f5f7fa;border-left:3px solid ${brand.color};border-radius:4px"><div style="color:#667085;font-size:12px">${label}</div><div style="font-size:20px;font-weight:700;color:#171c26">${escapeHtml(value)}</div></td>`;
  return {
    subject: `${client.name}: your ${frequency} report for ${report.label}`,
    text: ["Hello,", "", intro, "", ...work, "", attached, "", brand.name].join("\n"),
    html: brandedHtml(brand, {
      title: client.name,
      subtitle: report.label,
      extra: `<table role="presentation" cellspacing="8" style="margin:0 -8px 16px"><tr>${figure("Posts published", count(totals.posts))}${figure("Engagements", count(totals.engagements))}${figure("Engagement rate", totals.engagementRate)}</tr></table>`,
      paragraphs: ["Hello,", intro, ...work, attached],
    }),
    fromName: brand.name,
  };
};
