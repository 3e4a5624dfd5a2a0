import { Hono } from "hono";
import type { AppEnv } from "../../context.ts";

export const placesRoutes = new Hono<AppEnv>();
