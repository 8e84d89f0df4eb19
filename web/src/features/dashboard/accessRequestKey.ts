/** The dashboard's query holding an encoded access request (`/?access_request=…`); no zod here. */
export const ACCESS_REQUEST_QUERY = 'access_request';
