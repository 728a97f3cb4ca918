/** The service worker's cache of stored images (signatures), named here so logout can delete it. */
export const IMAGE_CACHE = "plant-sheets-images";

/** Its cache of reference data (customers, fleet, order rule), named here so logout can take the account's part. */
export const REFERENCE_CACHE = "plant-sheets-reference-data";

export const CUSTOMERS_URL = "/api/customers";
export const ORDER_RULE_URL = "/api/order-rule";

/**
 * What of the reference data is the signed-in account's: the customer list carries the driver's last order numbers,
 * and the rule is their company's. Both go at logout.
 */
export const ACCOUNT_REFERENCE_URLS = [CUSTOMERS_URL, ORDER_RULE_URL];
