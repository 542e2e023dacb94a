import type { BusinessKind } from "../../domain/accounts";

/**
 * What people write to a sandbox account, by the kind of business it stands for: comments on its
 * posts, direct messages, posts that mention it, and reviews. Each set mixes praise, questions and a
 * complaint or two, so sentiment, priority and answering can be tried; the generic set says nothing a
 * particular trade would not hear.
 */
export interface SampleTexts {
  readonly comments: ReadonlyArray<string>;
  readonly messages: ReadonlyArray<string>;
  readonly mentions: ReadonlyArray<string>;
  readonly reviews: ReadonlyArray<{ readonly rating: number; readonly content: string }>;
}

export const SAMPLE_TEXTS: Readonly<Record<BusinessKind, SampleTexts>> = {
  healthcare: {
    comments: [
      "Love this! Thanks for sharing 😊",
      "Do you have any openings this Saturday?",
      "How much does this cost? Is it covered by insurance?",
      "Great team, always friendly and on time.",
      "I waited 40 minutes last week and nobody called me back. Really disappointed.",
      "Are you taking new patients?",
      "Shared with my sister, she's been looking for exactly this!",
      "The parking situation is terrible, please fix it.",
    ],
    messages: [
      "Hi! Can I book an appointment for next Tuesday morning?",
      "Hello, I have a question about my last invoice. Who should I talk to?",
      "Thanks again for yesterday, everything went perfectly.",
    ],
    mentions: ["Finally found a practice that actually listens. Thank you", "Anyone been to this clinic? Thinking of switching."],
    reviews: [
      { rating: 5, content: "Wonderful experience from start to finish. The staff were kind and explained everything clearly." },
      { rating: 4, content: "Very professional and on time. Parking was a little hard to find, otherwise great." },
      { rating: 2, content: "I waited almost an hour past my appointment and nobody told me why. Disappointed." },
      { rating: 5, content: "Highly recommend! They went above and beyond to help my family." },
      { rating: 3, content: "Good care, but the follow-up call I was promised never came." },
      { rating: 1, content: "Billing mistake on my invoice and two weeks later it is still not fixed." },
      { rating: 4, content: "Friendly front desk and a clean office. Would come back." },
      { rating: 5, content: "" },
    ],
  },
  legal: {
    comments: [
      "Very clear explanation, thank you.",
      "Do you offer a free first consultation?",
      "Does this apply in our state too?",
      "They handled my case with real care. Recommended.",
      "I left two messages last week and still no call back.",
      "What are your fees for a simple will?",
      "Sharing this with my brother, he needs to read it.",
    ],
    messages: [
      "Hello, could I schedule a consultation about a contract dispute?",
      "Hi, I have a question about the documents you sent. Who should I ask?",
      "Thank you for your help with the closing, everything went smoothly.",
    ],
    mentions: ["Huge thanks to my lawyers for getting this settled", "Looking for a good family lawyer, has anyone worked with this firm?"],
    reviews: [
      { rating: 5, content: "Explained every step in plain words and got a better result than I hoped for." },
      { rating: 4, content: "Professional and responsive. The fees were clear from the start." },
      { rating: 2, content: "It took days to get a reply to my e-mails while the deadline was close." },
      { rating: 5, content: "I would trust them with anything. Calm, thorough and honest." },
      { rating: 3, content: "Good advice, but the paperwork took longer than I was told." },
      { rating: 1, content: "I was billed for a call that lasted five minutes. Not happy." },
      { rating: 4, content: "Friendly office and a careful lawyer. Would recommend." },
      { rating: 5, content: "" },
    ],
  },
  food: {
    comments: [
      "This looks delicious 😍",
      "Are you open on Sunday mornings?",
      "Do you have gluten-free options?",
      "Best croissants in town, no contest.",
      "Waited 25 minutes for a coffee today. Please add more staff on weekends.",
      "Can I order this for a birthday party of 20?",
      "Tagging my sister, we're coming this weekend!",
      "Is there parking nearby?",
    ],
    messages: [
      "Hi! Do you take orders for a birthday cake for Saturday?",
      "Hello, can we book a table for six on Friday evening?",
      "Thank you for the catering yesterday, everyone loved it.",
    ],
    mentions: ["Lunch today was amazing, go try it", "Anyone know if this place does delivery?"],
    reviews: [
      { rating: 5, content: "Everything was fresh and full of flavour. The staff made us feel at home." },
      { rating: 4, content: "Great food and quick service. It gets loud at lunchtime, though." },
      { rating: 2, content: "My order was wrong and it took twenty minutes to fix it. Disappointed." },
      { rating: 5, content: "The best pastries I've had in years. We come every Saturday now." },
      { rating: 3, content: "Tasty, but the portions have got smaller and the prices higher." },
      { rating: 1, content: "Found a hair in my salad and nobody apologised." },
      { rating: 4, content: "Lovely coffee and a friendly team. Would come back." },
      { rating: 5, content: "" },
    ],
  },
  retail: {
    comments: [
      "Love this! Do you have it in blue?",
      "Is this in stock at the shop or online only?",
      "How much is it?",
      "Bought one last month, great quality.",
      "My order arrived damaged and nobody answered my e-mail. Really disappointed.",
      "Do you ship abroad?",
      "Tagging my friend, she needs this!",
      "When does the sale start?",
    ],
    messages: [
      "Hi! Can I reserve the medium size and pick it up tomorrow?",
      "Hello, I'd like to return something I bought last week. How does it work?",
      "Thanks for the quick delivery, the gift was perfect.",
    ],
    mentions: ["Found the perfect gift here today", "Has anyone ordered from this shop online? Worth it?"],
    reviews: [
      { rating: 5, content: "Lovely shop with a great selection, and the staff helped me find exactly what I needed." },
      { rating: 4, content: "Good prices and friendly service. The fitting room queue was long." },
      { rating: 2, content: "The item broke after a week and the return took ages." },
      { rating: 5, content: "Always something new. My favourite place for gifts." },
      { rating: 3, content: "Nice products, but my online order took two weeks to arrive." },
      { rating: 1, content: "I was charged twice and I'm still waiting for the refund." },
      { rating: 4, content: "Well organised and easy to find things. Would come back." },
      { rating: 5, content: "" },
    ],
  },
  beauty: {
    comments: [
      "Gorgeous! 😍",
      "Do you have any openings this Saturday?",
      "How long does this colour last?",
      "Best haircut I've had in years.",
      "I was 15 minutes early and still waited half an hour. Not great.",
      "Do you do bridal packages?",
      "Tagging my best friend, we need this!",
      "What products did you use here?",
    ],
    messages: [
      "Hi! Can I book a cut and colour for next Thursday?",
      "Hello, is it possible to move my booking to the afternoon?",
      "Thank you so much for yesterday, I love my nails!",
    ],
    mentions: ["New hair, new me, thank you", "Looking for a good nail salon nearby, any tips?"],
    reviews: [
      { rating: 5, content: "Relaxing, friendly and exactly the look I asked for." },
      { rating: 4, content: "Great result. It ran a little late, otherwise perfect." },
      { rating: 2, content: "The colour came out nothing like what we agreed, and fixing it cost extra." },
      { rating: 5, content: "I won't go anywhere else. Always a treat." },
      { rating: 3, content: "Nice salon, but my booking was forgotten and I had to wait." },
      { rating: 1, content: "My skin reacted to the product and nobody asked about allergies first." },
      { rating: 4, content: "Clean, calm and friendly. Would come back." },
      { rating: 5, content: "" },
    ],
  },
  fitness: {
    comments: [
      "Great session today! 💪",
      "Is there a beginners' class this week?",
      "How much is a monthly membership?",
      "Best coaches in town, friendly and motivating.",
      "The changing rooms were dirty again tonight. Please sort it out.",
      "Do you offer a free trial class?",
      "Tagging my gym buddy, we're signing up!",
      "What time does the Saturday class start?",
    ],
    messages: [
      "Hi! Can I try a class before I sign up?",
      "Hello, I'd like to pause my membership for a month. How do I do that?",
      "Thanks for the extra help today, my back feels much better.",
    ],
    mentions: ["New personal best this morning, thanks coach", "Anyone been to this studio? Thinking of joining."],
    reviews: [
      { rating: 5, content: "Welcoming coaches and classes for every level. I've never been this consistent." },
      { rating: 4, content: "Great equipment and good classes. It's busy after work." },
      { rating: 2, content: "Cancelling my membership took three e-mails and a visit." },
      { rating: 5, content: "The trainers really care about your progress. Highly recommend." },
      { rating: 3, content: "Good classes, but they are often full when I try to book." },
      { rating: 1, content: "I was charged after I cancelled and nobody has answered." },
      { rating: 4, content: "Clean, friendly and well run. Would recommend." },
      { rating: 5, content: "" },
    ],
  },
  home: {
    comments: [
      "Great work, looks brand new!",
      "Do you cover our area?",
      "How much would something like this cost?",
      "They fixed our leak the same day. Recommended.",
      "Nobody turned up on Tuesday and nobody called. Really disappointed.",
      "Do you give free quotes?",
      "Tagging my neighbour, she needs this done too.",
      "Are you available next week?",
    ],
    messages: [
      "Hi! Could someone come out for a quote this week?",
      "Hello, I have a question about the invoice for last month's job.",
      "Thanks again, the team left everything spotless.",
    ],
    mentions: ["Big thanks to the crew who fixed our roof before the storm", "Can anyone recommend a reliable plumber around here?"],
    reviews: [
      { rating: 5, content: "On time, careful and tidy. The job was done right the first time." },
      { rating: 4, content: "Good work at a fair price. Scheduling took a while." },
      { rating: 2, content: "They were two hours late and didn't finish the job that day." },
      { rating: 5, content: "Honest advice and great workmanship. We'll use them again." },
      { rating: 3, content: "The work is fine, but the final bill was higher than the quote." },
      { rating: 1, content: "The problem came back within a week and they won't return my calls." },
      { rating: 4, content: "Friendly team and a clean job. Would recommend." },
      { rating: 5, content: "" },
    ],
  },
  generic: {
    comments: [
      "Love this! Thanks for sharing 😊",
      "Is this available this weekend?",
      "How much does this cost?",
      "Great team, always friendly and helpful.",
      "I e-mailed twice last week and nobody got back to me. Really disappointed.",
      "Is this still available next month?",
      "Shared with my sister, she's been looking for exactly this!",
      "Where can I find out more?",
    ],
    messages: [
      "Hi! Could you tell me your opening hours this week?",
      "Hello, I have a question about my last invoice. Who should I talk to?",
      "Thanks again for yesterday, everything went perfectly.",
    ],
    mentions: ["Really impressed with the service here", "Has anyone worked with this team? Thinking of it."],
    reviews: [
      { rating: 5, content: "Wonderful experience from start to finish. Everyone was kind and explained everything clearly." },
      { rating: 4, content: "Very professional and quick. A little hard to reach by phone, otherwise great." },
      { rating: 2, content: "Nobody told me about the delay until I asked. Disappointed." },
      { rating: 5, content: "Highly recommend! They went above and beyond to help." },
      { rating: 3, content: "Good service, but the follow-up I was promised never came." },
      { rating: 1, content: "A mistake on my invoice and two weeks later it is still not fixed." },
      { rating: 4, content: "Friendly and well organised. Would come back." },
      { rating: 5, content: "" },
    ],
  },
};
