import { describe, expect, it } from "vitest";
import { businessDetails, businessPostProblems, formatPrice, PRICE_MESSAGE, priceOf } from "./business-post";

describe("a Business Profile product's price", () => {
  it("given a price typed as a number, then it is read as one; given words, a sign or three decimals, then it is not", () => {
    expect([priceOf("19.99"), priceOf(" 19 "), priceOf(1200.5)]).toEqual([19.99, 19, 1200.5]);
    expect([priceOf("$49"), priceOf("nineteen"), priceOf("-3"), priceOf("1.999"), priceOf("")]).toEqual([null, null, null, null, null]);
  });

  it("given a product whose price is not a number, then the price field says how to write one", () => {
    expect(businessPostProblems("product", { productName: "Brush", productPrice: "$49" }, "2026-01-01")).toEqual({ productPrice: PRICE_MESSAGE });
    expect(PRICE_MESSAGE).toBe("Price must be a number, like 19.99.");
    expect(businessPostProblems("product", { productName: "Brush", productPrice: 49 }, "2026-01-01")).toEqual({});
    expect(businessPostProblems("product", { productName: "Brush", productPrice: "49", productCurrency: "XYZ" }, "2026-01-01")).toEqual({
      productCurrency: "Choose a currency: USD, EUR, GBP, CAD, AUD.",
    });
  });

  it("is shown with its currency among the post's details, in its type's order", () => {
    expect(formatPrice(19.99)).toBe("$19.99");
    expect(businessDetails("product", { productName: "Brush", productPrice: 19.99, productCurrency: "EUR", productUrl: "https://a.example" })).toEqual([
      { label: "Product name", value: "Brush" },
      { label: "Price", value: "€19.99" },
      { label: "Product page", value: "https://a.example" },
    ]);
    expect(businessDetails("offer", { offerTitle: "10% off", couponCode: "SMILE10", validUntil: "2026-05-31" })).toEqual([
      { label: "Offer title", value: "10% off" },
      { label: "Coupon code", value: "SMILE10" },
      { label: "Valid until", value: "2026-05-31" },
    ]);
    expect(businessDetails("event", { eventTitle: "Open house", eventDate: "2026-05-01T18:00" })).toEqual([
      { label: "Event title", value: "Open house" },
      { label: "Date and time", value: "2026-05-01 at 18:00" },
    ]);
    expect(businessDetails("standard", { offerTitle: "ignored" })).toEqual([]);
  });
});
