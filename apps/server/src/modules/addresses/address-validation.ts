import { countryName, gstStateCode, INDIAN_GST_STATES, ADDRESS_MESSAGES, type PostalAddress } from "@atelier/contract";
import { parsePhoneNumberFromString, type CountryCode } from "libphonenumber-js/max";
import { postcodeValidator, postcodeValidatorExistsForCountry } from "postcode-validator";
import { ValidationError } from "../../lib/errors.ts";

/**
 * Per-country checks of a postal address, by libraries that keep the rules of every country:
 * the phone number by libphonenumber (Google's metadata, full "max" set so mobile and fixed
 * ranges are told apart), the postal code by postcode-validator's patterns. An Indian address
 * names its state exactly as GST does (tax decides intra- or inter-state from it).
 *
 * Returns the address normalised: the phone in international form ("+91 98200 12345"), the
 * postal code in capitals, the Indian state spelled as the GST list spells it.
 */
export function validatePostalAddress(input: PostalAddress): PostalAddress {
  const fields: Record<string, string[]> = {};
  const country = input.country;
  const countryLabel = countryName(country);
  const out: PostalAddress = { ...input, postal_code: input.postal_code.trim().toUpperCase() };

  const phone = parsePhoneNumberFromString(input.phone, country as CountryCode);
  if (!phone?.isValid()) {
    fields.phone = [
      country === "IN"
        ? "Enter a 10-digit Indian mobile or landline number, for example 98200 12345 (or another country's number with its + code)."
        : `Enter a phone number valid in ${countryLabel}, or a number from another country with its + code.`,
    ];
  } else {
    out.phone = phone.formatInternational();
  }

  if (postcodeValidatorExistsForCountry(country)) {
    if (!out.postal_code) fields.postal_code = [`Enter the ${postalCodeLabel(country)}.`];
    else if (!postcodeValidator(out.postal_code, country)) fields.postal_code = [postalCodeMessage(country, countryLabel)];
  }

  if (country === "IN") {
    const code = gstStateCode(input.state);
    if (!code) fields.state = [input.state ? `"${input.state}" is not an Indian state or union territory. ${ADDRESS_MESSAGES.indianState}` : ADDRESS_MESSAGES.indianState];
    else out.state = INDIAN_GST_STATES.find((s) => s.code === code)?.name ?? input.state;
  } else if (STATE_REQUIRED.has(country) && !input.state) {
    fields.state = [`Enter the ${country === "CA" ? "province" : "state"}.`];
  }

  if (Object.keys(fields).length > 0) throw new ValidationError(fields);
  return out;
}

/** Countries whose post needs the state or province on the label. */
const STATE_REQUIRED = new Set(["US", "CA", "AU", "BR", "MX"]);

/** What the postal code is called where the customer lives. */
export function postalCodeLabel(country: string): string {
  if (country === "IN") return "PIN code";
  if (country === "US") return "ZIP code";
  if (country === "GB" || country === "AU" || country === "IE") return "postcode";
  return "postal code";
}

function postalCodeMessage(country: string, countryLabel: string): string {
  switch (country) {
    case "IN":
      return "Enter a 6-digit PIN code, for example 400001.";
    case "US":
      return "Enter a 5-digit ZIP code, for example 94105 or 94105-1234.";
    case "GB":
      return "Enter a UK postcode, for example SW1A 1AA.";
    default:
      return `This is not a valid ${postalCodeLabel(country)} for ${countryLabel}.`;
  }
}
