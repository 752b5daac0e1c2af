/** The API's version, as the OpenAPI document and the diagnostic page show it. */
export const API_VERSION = '0.3.0';
