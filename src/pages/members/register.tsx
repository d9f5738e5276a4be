import styled from "styled-components";
import { theme } from "../../theme/theme";
import { graphql, type HeadProps, type PageProps } from "gatsby";
import { DocumentHead, DocumentView } from "../../components/document-view";
import { Button } from "../../components/ui/button";
import { EMPTY_FIELD_VALUE, SIGNUP_HIDDEN_FIELDS } from "../../browser/signup-fields";
import { publicConfig } from "../../config/public";
import { paths } from "../../lib/paths";

const Form = styled.form`
  display: grid;
  gap: ${theme.space.m};
  margin-top: ${theme.space.l};
  label {
    display: grid;
    gap: 4px;
    font-weight: ${theme.fontWeights.bold};
  }
  input {
    font: inherit;
    padding: 10px 12px;
    border: 1px solid ${theme.colors.slate};
    border-radius: ${theme.radii.s};
  }
`;

/** The sign-up page (docs/product-rules.md#layout-per-path, #sign-up-page). The account itself is created by the app. */
export default function RegisterPage({ data, location }: PageProps<Queries.RegisterPageQuery>) {
  return (
    <DocumentView document={data.document} path={location.pathname}>
      <Form id="signupForm" method="post" action={`https://${publicConfig.hosts.app}${paths.signup()}`}>
        <label>
          First name
          <input name="fname" autoComplete="given-name" required />
        </label>
        <label>
          Last name
          <input name="lname" autoComplete="family-name" required />
        </label>
        <label>
          Work email
          <input name="email" type="email" autoComplete="email" required />
        </label>
        <label>
          Company
          <input name="company" autoComplete="organization" />
        </label>
        <label>
          Password
          <input name="password" type="password" autoComplete="new-password" minLength={10} required />
        </label>
        {SIGNUP_HIDDEN_FIELDS.map((name) => (
          <input key={name} type="hidden" name={name} defaultValue={EMPTY_FIELD_VALUE} data-attribution-field />
        ))}
        <Button type="submit" size="L">
          Create my account
        </Button>
      </Form>
    </DocumentView>
  );
}

export const Head = ({ data, location }: HeadProps<Queries.RegisterPageQuery>) => (
  <DocumentHead document={data.document} path={location.pathname} noindex />
);

export const query = graphql`
  query RegisterPage {
    document(slug: { eq: "sign-up" }) {
      ...DocumentFields
    }
  }
`;
