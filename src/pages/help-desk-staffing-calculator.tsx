import { type HeadProps, type PageProps } from "gatsby";
import { Layout } from "../components/layout/layout";
import { ToolHead } from "../components/seo/tool-head";
import { PageHeader } from "../components/layout/page-header";
import { Container, Section } from "../components/ui/container";
import { Prose } from "../components/markdown/prose";
import { StaffingCalculator } from "../components/tools/staffing-calculator";

const TITLE = "Help desk staffing calculator";
const DESCRIPTION = "How many support agents do you need? Plan email, chat and phone staffing with workload and Erlang C models.";

/** The help-desk staffing calculator page: the tool, then the model written out. */
export default function StaffingCalculatorPage({ location }: PageProps) {
  return (
    <Layout path={location.pathname}>
      <PageHeader
        title={TITLE}
        lead="Work out how many agents you need for email, chat and phone from your volumes, handle times and service targets."
      />
      <Section $tone="surface">
        <Container>
          <StaffingCalculator />
        </Container>
      </Section>
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
            <h3>1. Workload while you are open</h3>
            <p>
              Conversations arrive during the hours of coverage. A month has 52 ÷ 12 ≈ 4.33 weeks, so the arrival rate is{" "}
              <code>λ = monthly volume ÷ 4.33 ÷ coverage hours</code> per hour, and the workload in Erlangs is{" "}
              <code>A = λ × handle time (hours)</code>: how many agents would be busy if nobody ever waited. Ten Erlangs means ten agents
              talking all the time.
            </p>
            <h3>2. Chat and phone: Erlang C</h3>
            <p>
              With <code>N</code> agents, the chance that a contact has to wait is Erlang C, computed from the Erlang B recursion{" "}
              <code>B(0) = 1, B(k) = A·B(k−1) ÷ (k + A·B(k−1))</code> and <code>C = N·B ÷ (N − A·(1 − B))</code>. This never overflows, so
              very large contact centres work too. The share answered within the target time <code>t</code> is{" "}
              <code>1 − C·e^(−(N − A)·t ÷ handle time)</code>, and the average wait is <code>C × handle time ÷ (N − A)</code>. The
              calculator adds agents until the service level meets your target and workload per agent stays under the occupancy cap.
            </p>
            <p>
              For chat, each agent handles several conversations at once, so <code>N</code> agents are <code>N × concurrency</code> seats
              and the handle time is the length of one chat. Enter the handle time you measure at your usual concurrency.
            </p>
            <h3>3. Email: workload, checked against the target</h3>
            <p>
              Email can wait a little, so it is planned by workload: <code>agents on shift = A ÷ occupancy cap</code>. The calculator then
              checks your first-response target with the same queueing formula and adds agents if the target would be missed, which only
              happens with very short targets.
            </p>
            <h3>4. From agents on shift to full-time equivalents</h3>
            <p>
              Agents on shift cover every hour you are open. One full-time agent works the paid hours you enter, minus shrinkage, so{" "}
              <code>FTEs = agents on shift × coverage hours ÷ paid hours per agent ÷ (1 − shrinkage)</code>. Cost is FTEs times the annual
              cost per agent.
            </p>
            <h3>What the model leaves out</h3>
            <ul>
              <li>
                Peaks: it assumes contacts arrive evenly across your open hours. Plan busy hours separately with their own volume and
                coverage.
              </li>
              <li>Abandonment: callers who hang up make real queues a little kinder than Erlang C predicts.</li>
              <li>Scheduling: shifts rarely fit demand exactly, so round up when you build the rota.</li>
            </ul>
          </Prose>
        </Container>
      </Section>
    </Layout>
  );
}

export const Head = ({ location }: HeadProps) => <ToolHead title={TITLE} description={DESCRIPTION} path={location.pathname} />;
