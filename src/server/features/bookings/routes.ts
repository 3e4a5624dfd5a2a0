import { Hono } from "hono";
import type { AppEnv } from "../../context.ts";

export const bookingRoutes = new Hono<AppEnv>();
