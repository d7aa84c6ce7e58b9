// The language a visitor's country suggests, for a visitor with no stored choice whose browser language is not one of the seven.
import type { FastifyInstance } from "fastify";
import { CountryLanguageAnswer } from "../../shapes/service.ts";
import { languageOfCountry } from "../../core/language.ts";
import { countryOf, type CountryOptions } from "../country.ts";

export function languageRoutes(app: FastifyInstance, options: CountryOptions): void {
  app.get(
    "/language",
    {
      schema: {
        tags: ["service"],
        summary: "The visitor's country (null when unknown) and the language it suggests (en when unknown)",
        response: { 200: CountryLanguageAnswer },
      },
    },
    async (request, reply) => {
      const country = await countryOf(request, options);
      reply.header("cache-control", "private, max-age=3600");
      return { language: languageOfCountry(country), country };
    },
  );
}
