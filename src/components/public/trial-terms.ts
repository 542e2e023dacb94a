/**
 * What the free trial includes, in one place for every page that says it (the FAQ, the register
 * page, the help centre): read from the plan access module, so the words and the app's gates agree.
 * A trial has the trial tier's features and limits (spec core §6); the chosen plan's other features
 * open when the plan starts.
 */
import { aiQuotaOf, featuresOf, limitsOf } from "../../../domain/plans";
import { listed } from "../../lib/text";

type TrialFeature = ReturnType<typeof featuresOf>[number];

/** How the pages name each feature a trial has; a feature added to the trial must be named here. */
const TRIAL_FEATURE_NAMES: Partial<Record<TrialFeature, string>> = {
  basic_scheduling: "scheduling and the queue",
  basic_analytics: "the analytics dashboard",
  ai_content: `the AI writing assistant (${aiQuotaOf("trial").text} texts and ${aiQuotaOf("trial").images} images a month)`,
};

/** The trial's features, named: "scheduling and the queue, the analytics dashboard and the AI writing assistant (…)". */
export const trialFeatures = (): string => {
  const names = featuresOf("trial").map((feature) => {
    const name = TRIAL_FEATURE_NAMES[feature];
    if (!name) throw new Error(`The trial's feature ${feature} has no name in trial-terms.ts.`);
    return name;
  });
  return listed(names);
};

/** The whole sentence: the features, the limits, and when the rest opens. */
export const trialIncludes = (): string => {
  const limits = limitsOf("trial");
  return `The trial includes ${trialFeatures()}, for up to ${limits.socialAccounts} social accounts, ${limits.postsPerMonth} posts a month and ${limits.scheduledPosts} scheduled posts. The other features of the plan you choose open when the plan starts.`;
};
