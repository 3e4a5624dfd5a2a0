import { Hono } from "hono";
import type { AppEnv } from "../../context.ts";

export const accountRoutes = new Hono<AppEnv>();
