/** schema.org description of the product and its four plans, built from the plan catalogue. */
import { PLANS, type Plan } from "../../../domain/plans";
import { PRODUCT_NAME } from "../../lib/brand";
import { PLATFORM_COUNT } from "./platforms";

const planOffer = (plan: Plan, site: URL, trialDays: number): Record<string, unknown> => ({
  "@type": "Offer",
  name: `${plan.name} plan`,
  description: `${plan.description} ${plan.accounts} social accounts. ${trialDays}-day free trial.`,
  url: new URL(`/register?plan=${plan.id}`, site).href,
  price: plan.monthlyPrice.toFixed(2),
  priceCurrency: "USD",
  availability: "https://schema.org/InStock",
  category: "Subscription",
  priceSpecification: [
    {
      "@type": "UnitPriceSpecification",
      name: "Billed monthly",
      price: plan.monthlyPrice.toFixed(2),
      priceCurrency: "USD",
      unitCode: "MON",
      referenceQuantity: { "@type": "QuantitativeValue", value: 1, unitCode: "MON" },
    },
    {
      "@type": "UnitPriceSpecification",
      name: `Billed annually (save ${plan.savings}%)`,
      price: (plan.annualPrice * 12).toFixed(2),
      priceCurrency: "USD",
      unitCode: "ANN",
      referenceQuantity: { "@type": "QuantitativeValue", value: 1, unitCode: "ANN" },
    },
  ],
});

/** A SoftwareApplication with one Offer per plan (monthly price, plus the annual billing option). */
export const plansJsonLd = (site: URL, trialDays: number): Record<string, unknown> => ({
  "@context": "https://schema.org",
  "@type": "SoftwareApplication",
  name: PRODUCT_NAME,
  url: new URL("/", site).href,
  applicationCategory: "BusinessApplication",
  applicationSubCategory: "Social media management",
  operatingSystem: "Web browser",
  description:
    `Schedule posts, answer reviews and messages, and track results across ${PLATFORM_COUNT} social and review platforms.`,
  offers: PLANS.map((plan) => planOffer(plan, site, trialDays)),
});
