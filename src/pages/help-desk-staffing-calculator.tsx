import { type HeadProps, type PageProps } from "gatsby";
import { Layout } from "../components/layout/layout";
import { Seo } from "../components/seo/seo";
import { PageHeader } from "../components/layout/page-header";
import { Container, Section } from "../components/ui/container";
import { Prose } from "../components/markdown/prose";

/** The help-desk staffing calculator page. */
export default function StaffingCalculatorPage({ location }: PageProps) {
  return (
    <Layout path={location.pathname}>
      <PageHeader
        title="Help desk staffing calculator"
        lead="Work out how many agents you need for email, chat and phone from your volumes, handle times and service targets."
      />
      <Section>
        <Container $narrow>
          <Prose>
            <h2>How the model works</h2>
            <p>
              Email is planned as workload: monthly conversations times average handle time, divided by the productive hours of one agent.
              Chat and phone are planned with the Erlang C queueing model, which finds the smallest team that answers the target share of
              contacts within your service-level time, then adds shrinkage (breaks, training, time off) to turn agents on the floor into
              full-time equivalents.
            </p>
          </Prose>
        </Container>
      </Section>
    </Layout>
  );
}

export const Head = ({ location }: HeadProps) => (
  <Seo
    title="Help desk staffing calculator"
    description="How many support agents do you need? Plan email, chat and phone staffing with workload and Erlang C models."
    path={location.pathname}
  />
);
