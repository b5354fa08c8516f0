import { useQuery } from "@tanstack/react-query";
import type { PublicConfig } from "../../server/public-config.ts";
import { api } from "./api.ts";

export function useConfig() {
  return useQuery({ queryKey: ["config"], queryFn: () => api<PublicConfig>("/api/config"), staleTime: Infinity });
}
