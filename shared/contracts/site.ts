import * as z from 'zod';
import { defineContract } from './define.js';
import { HealthDto } from '../schemas/health.js';
import { Announcement, Maintenance } from '../schemas/accounts.js';

/** The site's routes: health, and what the SPA reads before sign-in. */
export const contract = defineContract('site', {
  'GET /public/health': { response: HealthDto, summary: 'The API and its table are reachable' },
  'GET /public/openapi.json': {
    response: z.looseObject({ openapi: z.literal('3.1.0') }),
    summary: 'This document',
  },
  'GET /maintenance/maintenance.json': { response: Maintenance, summary: 'The maintenance view' },
  'GET /announcements/announcements.json': { response: z.array(Announcement), summary: 'Announcements' },
});
