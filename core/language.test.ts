import { describe, expect, it } from "vitest";
import { countryCode, languageOfCountry } from "./language.ts";

describe("language of a country (SPEC.md §1)", () => {
  it("gives ru for the ten countries SPEC.md names", () => {
    for (const country of ["RU", "BY", "KZ", "TJ", "UZ", "KG", "AM", "AZ", "GE", "UA"]) expect(languageOfCountry(country), country).toBe("ru");
  });

  it("gives de for Austria, Germany and Switzerland", () => {
    for (const country of ["AT", "DE", "CH"]) expect(languageOfCountry(country), country).toBe("de");
  });

  it("gives en for every other country, an unknown one and lower case it does not know", () => {
    for (const country of ["US", "GB", "TR", "ES", "IN", "CN", "FR", "PL", "XX", "T1", "", null])
      expect(languageOfCountry(country), String(country)).toBe("en");
    expect(languageOfCountry("de")).toBe("de");
  });
});

describe("country codes", () => {
  it("keeps two letters in upper case and refuses anything else", () => {
    expect(countryCode("de")).toBe("DE");
    expect(countryCode("RU")).toBe("RU");
    for (const text of [undefined, "", "D", "DEU", "1A", "D E", "Ü1"]) expect(countryCode(text), String(text)).toBeNull();
  });
});
