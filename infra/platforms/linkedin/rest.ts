import { endpoints } from "../call";
import { linkedin } from "./oauth";

/** LinkedIn's versioned REST API (`LINKEDIN_REST_API_BASE_URL`) and the headers every call to it needs (`LINKEDIN_API_VERSION`). */
export const linkedInRest = () => {
  const { api, extra } = endpoints(linkedin, { REST_API_BASE: "https://api.linkedin.com/rest" });
  const headers = { "LinkedIn-Version": process.env.LINKEDIN_API_VERSION?.trim() || "202506", "X-Restli-Protocol-Version": "2.0.0" };
  return { api, rest: extra.REST_API_BASE!, headers };
};
