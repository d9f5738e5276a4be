import { Seo } from "./seo";
import { useSiteData } from "../../hooks/use-site-data";
import { webApplication } from "./structured-data-tools";

/** The head of a free tool's page (staffing calculator, interview builder): its tags and its WebApplication data. */
export function ToolHead({ title, name = title, description, path }: { title: string; name?: string; description: string; path: string }) {
  const { siteUrl } = useSiteData();
  return (
    <Seo
      title={title}
      description={description}
      path={path}
      jsonLd={[webApplication({ siteUrl, path, name, description, category: "BusinessApplication" })]}
    />
  );
}
