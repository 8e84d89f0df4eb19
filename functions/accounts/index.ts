/**
 * The accounts feature's public face (docs/architecture.md "Public faces"): a person's profile and the
 * registration captcha check another flow may ask for.
 */
export { getUserProfile, requireCaptcha } from './service.js';
