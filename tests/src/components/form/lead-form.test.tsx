// @vitest-environment jsdom
import fs from "node:fs";
import path from "node:path";
import { act } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { consentAs, forgetConsent } from "../../../fixtures/consent";
import { renderToString } from "react-dom/server";
import { hydrateRoot, type Root } from "react-dom/client";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { ThemeProvider } from "styled-components";
import { theme } from "../../../../src/theme/theme";
import type { LeadFormDefinition } from "../../../../src/lib/lead-form/types";
import { REPO_ROOT } from "../../../fixtures/repo-root";

vi.mock("gatsby", async () => (await import("../../../fixtures/gatsby-mock")).gatsbyMock);
const { default: LeadForm } = await import("../../../../src/components/form/lead-form");

const load = (id: string) => JSON.parse(fs.readFileSync(path.join(REPO_ROOT, "content/forms", `${id}.json`), "utf8")) as LeadFormDefinition;
const forms = {
  demo: load("get-a-demo"),
  newsletter: load("newsletter"),
  sales: load("contact-sales"),
  trial: load("free-trial"),
  webinar: load("webinar-registration"),
  subprocessor: load("subprocessor-notification"),
};

type Call = { url: string; body?: unknown };
let calls: Call[] = [];
let submitAnswer: () => Promise<Response>;
let uploadAnswer: () => Promise<Response>;
let ipAnswer: () => Promise<Response>;
const json = (body: unknown, status = 200) =>
  Promise.resolve(new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } }));

beforeEach(() => {
  calls = [];
  submitAnswer = () => json({ success: true });
  uploadAnswer = () => json({ success: true, fileUrl: "https://www.northdesk.com/api/hubspot/file?id=abc" });
  ipAnswer = () => json({ ip: "203.0.113.9" });
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push({ url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      if (url.includes("submitForm")) return submitAnswer();
      if (url.includes("uploadFile")) return uploadAnswer();
      return ipAnswer();
    }),
  );
  vi.spyOn(window, "open").mockImplementation(() => null);
  window.history.replaceState(null, "", "/lp/get-a-demo/");
  document.cookie = "hubspotutk=utk-123; path=/";
  consentAs(); // a visitor who granted everything; the refusals have their own tests
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  document.cookie = "hubspotutk=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/";
  document.body.innerHTML = "";
  forgetConsent();
});

function show(form: LeadFormDefinition, props: Record<string, unknown> = {}) {
  return render(
    <ThemeProvider theme={theme}>
      <h1>Get a demo of Northdesk</h1>
      <LeadForm form={form} {...props} />
    </ThemeProvider>,
  );
}
const formEl = () => document.querySelector("form")!;
const type = (label: RegExp | string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const submit = () => act(async () => void fireEvent.submit(formEl()));
const submitPayload = () => calls.find((c) => c.url.includes("submitForm"))?.body as Record<string, string>;

function fillDemo() {
  type(/First name/, "Jordan");
  type(/Last name/, "Rivera");
  type(/Work email/, "jordan@acme.com");
  type(/Company name/, "Acme");
  fireEvent.change(screen.getByLabelText(/Company size/), { target: { value: "11-50" } });
  fireEvent.click(screen.getByLabelText("Just exploring"));
}

describe("rendering (docs/product-rules.md#lead-form-definition)", () => {
  it("renders nothing without alternative_id or with no field groups", () => {
    const { container } = show({ ...forms.demo, alternative_id: "" });
    expect(container.querySelector("form")).toBeNull();
    cleanup();
    show({ ...forms.demo, fieldGroups: [] });
    expect(document.querySelector("form")).toBeNull();
  });
  it("renders every field type with labels, hidden fields and group rich text", () => {
    show(forms.sales);
    expect(screen.getByLabelText(/How can we help/).tagName).toBe("TEXTAREA");
    const file = screen.getByLabelText(/Attach an RFP/) as HTMLInputElement;
    expect(file.type).toBe("file");
    expect(file.accept).toBe("image/*,.pdf");
    expect(screen.getByText(/Talk to our sales team/).closest(".rich-text")).not.toBeNull();
    cleanup();
    show(forms.demo);
    expect(screen.getByLabelText(/Company size/).tagName).toBe("SELECT");
    expect(screen.getAllByRole("radio")).toHaveLength(4);
    expect(document.querySelector('input[type="hidden"][name="utm_source"]')).not.toBeNull();
    expect(screen.getByRole("button", { name: "Book my demo" })).toBeInTheDocument();
  });
  it("hidden fields take a same-named URL parameter", () => {
    window.history.replaceState(null, "", "/lp/get-a-demo/?utm_source=newsletter&firstname=ignored");
    show(forms.demo);
    expect((document.querySelector('input[name="utm_source"]') as HTMLInputElement).value).toBe("newsletter");
    expect((screen.getByLabelText(/First name/) as HTMLInputElement).value).toBe("");
  });
  it("uses Submit when no button text is configured", () => {
    show({ ...forms.subprocessor, displayOptions: null });
    expect(screen.getByRole("button", { name: "Submit" })).toBeInTheDocument();
  });
});

describe("layouts (docs/product-rules.md#lead-form-flow)", () => {
  it("get-a-demo (7 visible groups) is compact", () => {
    show(forms.demo);
    expect(formEl().dataset.layout).toBe("compact");
  });
  it("a short form without isCompact is regular", () => {
    show({ ...forms.webinar, isCompact: false });
    expect(formEl().dataset.layout).toBe("regular");
  });
  it("newsletter is an email catcher: input and button on one row; the status replaces the input", async () => {
    show(forms.newsletter);
    expect(formEl().dataset.layout).toBe("email-catcher");
    const input = screen.getByLabelText("Email address");
    const button = screen.getByRole("button", { name: "Subscribe" });
    expect(input.parentElement?.parentElement).toBe(button.parentElement);
    type("Email address", "reader@example.org");
    await submit();
    await waitFor(() => expect(formEl().dataset.state).toBe("success"));
    expect(screen.queryByLabelText("Email address")).toBeNull();
    expect(screen.queryByRole("button")).toBeNull();
    expect(screen.getByRole("status").innerHTML).toContain("You're in. Watch your inbox on Tuesdays.");
    expect(JSON.parse(window.localStorage.getItem("newsletter_subscriber")!).value).toBe(true);
  });
});

describe("validation (docs/product-rules.md#lead-form-validation)", () => {
  it("on submit flags every visible invalid field at once, ties errors to them and focuses the first", async () => {
    show(forms.demo);
    await submit();
    expect(formEl().dataset.state).toBe("invalid");
    const first = screen.getByLabelText(/First name/);
    expect(first).toHaveAttribute("aria-invalid", "true");
    expect(document.getElementById(first.getAttribute("aria-describedby")!)).toHaveTextContent("Sorry, that is required");
    expect(screen.getByLabelText(/Work email/)).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByText("Please enter a valid email address")).toBeInTheDocument();
    expect(screen.getAllByText("Sorry, that is required")).toHaveLength(5);
    expect(screen.getByLabelText(/Phone number/)).not.toHaveAttribute("aria-invalid");
    expect(document.activeElement).toBe(first);
    expect((first as HTMLInputElement).validationMessage).toBe("Sorry, that is required");
    expect(calls).toHaveLength(0);
  });
  it("blocks free-mail domains on get-a-demo", async () => {
    show(forms.demo);
    fillDemo();
    type(/Work email/, "jordan@gmail.com");
    await submit();
    expect(screen.getByLabelText(/Work email/)).toHaveAttribute("aria-invalid", "true");
    expect(document.activeElement).toBe(screen.getByLabelText(/Work email/));
  });
  it("<!channel>@example.com: the visitor sees the email message on the field, and nothing is sent", async () => {
    show(forms.demo);
    fillDemo();
    type(/Work email/, "<!channel>@example.com");
    await submit();
    const email = screen.getByLabelText(/Work email/) as HTMLInputElement;
    expect(email).toHaveAttribute("aria-invalid", "true");
    expect(document.getElementById(email.getAttribute("aria-describedby")!)).toHaveTextContent("Please enter a valid email address");
    expect(email.validationMessage).toBe("Please enter a valid email address");
    expect(document.activeElement).toBe(email);
    expect(calls.filter((c) => c.url.includes("submitForm"))).toHaveLength(0);
    // the same form with a valid address is sent
    type(/Work email/, "jordan@acme.com");
    await submit();
    await waitFor(() => expect(submitPayload()).toMatchObject({ email: "jordan@acme.com" }));
  });
  it("an invalid field re-validates 200 ms after typing pauses", async () => {
    vi.useFakeTimers();
    show(forms.subprocessor);
    await submit();
    const email = screen.getByLabelText(/Work email/);
    expect(email).toHaveAttribute("aria-invalid", "true");
    type(/Work email/, "privacy@acme");
    act(() => void vi.advanceTimersByTime(150));
    type(/Work email/, "privacy@acme.com");
    act(() => void vi.advanceTimersByTime(199));
    expect(email).toHaveAttribute("aria-invalid", "true");
    act(() => void vi.advanceTimersByTime(1));
    expect(email).not.toHaveAttribute("aria-invalid");
    expect(screen.queryByText("Please enter a valid email address")).toBeNull();
  });
  it("an invalid field re-validates on blur, and a still-bad value stays flagged", async () => {
    show(forms.subprocessor);
    await submit();
    type(/Company name/, "Acme");
    fireEvent.blur(screen.getByLabelText(/Company name/));
    // a task later: a tap's mouseup and click, delivered in the task of the blur, come first
    await waitFor(() => expect(screen.getByLabelText(/Company name/)).not.toHaveAttribute("aria-invalid"));
    type(/Work email/, "still-bad");
    fireEvent.blur(screen.getByLabelText(/Work email/));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(screen.getByLabelText(/Work email/)).toHaveAttribute("aria-invalid", "true");
  });
  it("while a pointer is pressed, re-validation (which moves the fields below) waits for its release", async () => {
    show(forms.subprocessor);
    await submit();
    type(/Company name/, "Acme");
    fireEvent.pointerDown(document.body);
    fireEvent.blur(screen.getByLabelText(/Company name/));
    await new Promise((resolve) => setTimeout(resolve, 260)); // past the blur's task and the 200 ms debounce
    expect(screen.getByLabelText(/Company name/)).toHaveAttribute("aria-invalid", "true");
    fireEvent.pointerUp(document.body);
    await waitFor(() => expect(screen.getByLabelText(/Company name/)).not.toHaveAttribute("aria-invalid"));
  });
  it("a valid field is not validated while typing before the first submit", () => {
    show(forms.subprocessor);
    type(/Work email/, "x");
    fireEvent.blur(screen.getByLabelText(/Work email/));
    expect(screen.getByLabelText(/Work email/)).not.toHaveAttribute("aria-invalid");
  });
  it("several consent checkboxes with one required → Please select at least one option", async () => {
    const webinar = {
      ...forms.webinar,
      legalConsentOptions: {
        ...forms.webinar.legalConsentOptions!,
        communicationsCheckboxes: forms.webinar.legalConsentOptions!.communicationsCheckboxes!.map((c, i) => ({ ...c, required: i === 0 })),
      },
    };
    show(webinar);
    type(/First name/, "A");
    type(/Last name/, "B");
    type(/^Email/, "a@b.co");
    type(/Job title/, "Lead");
    await submit();
    expect(screen.getByText("Please select at least one option")).toBeInTheDocument();
    fireEvent.click(screen.getByLabelText(/future Northdesk webinars/));
    expect(screen.queryByText("Please select at least one option")).toBeNull();
    await submit();
    await waitFor(() => expect(formEl().dataset.state).toBe("success"));
  });
});

describe("submitting (docs/product-rules.md#lead-form-flow, #lead-form-calls)", () => {
  it("idle → submitting (Sending...) → success with the payload, callbacks, and disabled fields", async () => {
    let release!: () => void;
    submitAnswer = () => new Promise((resolve) => (release = () => resolve(new Response(JSON.stringify({ success: true })))));
    const onSubmit = vi.fn();
    const onSubmitted = vi.fn();
    show(forms.demo, { onSubmit, onSubmitted });
    expect(formEl().dataset.state).toBe("idle");
    fillDemo();
    fireEvent.click(screen.getByLabelText(/receive other communications/));
    await submit();
    await waitFor(() => expect(screen.getByRole("status")).toHaveTextContent("Sending..."));
    expect(formEl().dataset.state).toBe("submitting");
    expect(screen.queryByRole("button")).toBeNull();
    await act(async () => release());
    await waitFor(() => expect(formEl().dataset.state).toBe("success"));
    expect(screen.getByRole("status")).toHaveTextContent(forms.demo.customSuccessMessage!);
    expect(screen.getByLabelText(/First name/)).toBeDisabled();
    expect(screen.getByLabelText(/receive other communications/)).toBeDisabled();
    expect(calls[0].url).toContain("ipify");
    const payload = submitPayload();
    expect(payload).toMatchObject({
      formId: "get-a-demo",
      hubspotutk: "utk-123",
      pageUri: "http://localhost:3000/lp/get-a-demo/",
      pageName: "Get a demo of Northdesk",
      ipAddress: "203.0.113.9",
      firstname: "Jordan",
      email: "jordan@acme.com",
      number_of_employees: "11-50",
      looking_for: "just_exploring",
      utm_source: "",
      "legal--908": "true",
      "legal--908__TEXT": "I agree to receive other communications from Northdesk.",
    });
    expect(payload["legal--consentToProcess__TEXT"]).toMatch(/^By clicking below/);
    expect(onSubmit).toHaveBeenCalledWith(payload);
    expect(onSubmitted).toHaveBeenCalledWith({ success: true, message: undefined }, payload);
    expect(document.cookie).toContain("hubspotutk=utk-123");
  });
  it("without marketing consent: no IP lookup, no hutk sent, and a stale hubspotutk is deleted (docs/product-rules.md#consent)", async () => {
    consentAs({ analytics: true, preferences: true });
    show(forms.subprocessor);
    type(/Work email/, "a@b.co");
    type(/Company name/, "Acme");
    await submit();
    await waitFor(() => expect(formEl().dataset.state).toBe("success"));
    expect(calls.map((c) => c.url).filter((url) => url.includes("ipify"))).toEqual([]);
    expect(submitPayload()).toMatchObject({ hubspotutk: "", ipAddress: "" });
    expect(document.cookie).not.toContain("hubspotutk=");
  });
  it("a failed IP lookup sends an empty ipAddress", async () => {
    ipAnswer = () => Promise.reject(new Error("blocked"));
    show(forms.subprocessor);
    type(/Work email/, "a@b.co");
    type(/Company name/, "Acme");
    await submit();
    await waitFor(() => expect(formEl().dataset.state).toBe("success"));
    expect(submitPayload().ipAddress).toBe("");
  });
  it("success false shows the server message (sanitized) instead of the button and disables fields", async () => {
    submitAnswer = () => json({ success: false, message: '<b>Nope</b><img src=x onerror="alert(1)"><script>alert(1)</script>' }, 422);
    show(forms.subprocessor);
    type(/Work email/, "a@b.co");
    type(/Company name/, "Acme");
    await submit();
    await waitFor(() => expect(formEl().dataset.state).toBe("error"));
    const alert = screen.getByRole("alert");
    expect(alert.innerHTML).toBe("<b>Nope</b>");
    expect(screen.queryByRole("button")).toBeNull();
    expect(screen.getByLabelText(/Work email/)).toBeDisabled();
  });
  it("a network error shows a generic error", async () => {
    submitAnswer = () => Promise.reject(new TypeError("offline"));
    vi.spyOn(console, "error").mockImplementation(() => {});
    show(forms.subprocessor);
    type(/Work email/, "a@b.co");
    type(/Company name/, "Acme");
    await submit();
    await waitFor(() => expect(screen.getByRole("alert")).toHaveTextContent("Sorry, something went wrong"));
  });
  it('falls back to "Thank you!" without a custom or post-submit message', async () => {
    show({ ...forms.subprocessor, customSuccessMessage: null, configuration: null });
    type(/Work email/, "a@b.co");
    type(/Company name/, "Acme");
    await submit();
    await waitFor(() => expect(screen.getByRole("status")).toHaveTextContent("Thank you!"));
  });
  it("opens redirectUrl in a new tab after success", async () => {
    show({ ...forms.subprocessor, redirectUrl: "https://www.northdesk.com/thanks/" });
    type(/Work email/, "a@b.co");
    type(/Company name/, "Acme");
    await submit();
    await waitFor(() => expect(window.open).toHaveBeenCalledWith("https://www.northdesk.com/thanks/", "_blank", "noopener"));
  });
  it("free-trial opens the page's free-trial link instead", async () => {
    const link = document.createElement("a");
    link.href = "/members/register/?plan=trial";
    link.textContent = "Sign Up Free";
    document.body.appendChild(link);
    show(forms.trial);
    type(/Work email/, "a@acme.com");
    type(/First name/, "A");
    type(/Company name/, "Acme");
    await submit();
    await waitFor(() =>
      expect(window.open).toHaveBeenCalledWith("http://localhost:3000/members/register/?plan=trial", "_blank", "noopener"),
    );
  });
});

describe("file upload (docs/product-rules.md#lead-form-flow, #lead-form-calls)", () => {
  const pdf = () => new File(["%PDF-1.4 test"], "rfp.pdf", { type: "application/pdf" });
  it("uploads on choose and sets the hidden companion to the returned URL", async () => {
    show(forms.sales);
    fireEvent.change(screen.getByLabelText(/Attach an RFP/), { target: { files: [pdf()] } });
    await waitFor(() => expect((document.querySelector("input[data-file-url]") as HTMLInputElement).value).toContain("file?id=abc"));
    const upload = calls.find((c) => c.url.includes("uploadFile"))!.body as { file: string; filename: string };
    expect(upload.filename).toBe("rfp.pdf");
    expect(upload.file).toMatch(/^data:application\/pdf;base64,/);
  });
  it("a failed upload marks the field invalid and logs", async () => {
    uploadAnswer = () => json({ success: false, message: "Only images and PDF" }, 415);
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    show(forms.sales);
    fireEvent.change(screen.getByLabelText(/Attach an RFP/), { target: { files: [pdf()] } });
    await waitFor(() => expect(screen.getByLabelText(/Attach an RFP/)).toHaveAttribute("aria-invalid", "true"));
    expect(log).toHaveBeenCalled();
  });
});

describe("values entered before hydration (docs/product-rules.md#lead-form-flow)", () => {
  let root: Root | undefined;
  afterEach(() => act(() => root?.unmount()));

  /** Server HTML in the document, changed as a visitor would before the scripts arrive, then hydrated. */
  async function hydrateAfter(form: LeadFormDefinition, enter: (el: HTMLFormElement) => void) {
    const tree = (
      <ThemeProvider theme={theme}>
        <h1>Get a demo of Northdesk</h1>
        <LeadForm form={form} />
      </ThemeProvider>
    );
    const container = document.createElement("div");
    container.innerHTML = renderToString(tree);
    document.body.appendChild(container);
    enter(container.querySelector("form")!);
    const errors: unknown[] = [];
    await act(async () => {
      root = hydrateRoot(container, tree, { onRecoverableError: (error) => errors.push(error) });
    });
    expect(errors).toEqual([]);
    await waitFor(() => expect(formEl().dataset.ready).toBe("true"));
  }
  const control = (el: HTMLFormElement, name: string) => el.elements.namedItem(name) as HTMLInputElement;

  it("text, email, dropdown, radio and consent typed into the server HTML are the state after hydration", async () => {
    await hydrateAfter(forms.demo, (el) => {
      control(el, "firstname").value = "Avery";
      control(el, "lastname").value = "Quinn";
      control(el, "email").value = "avery@acme.com";
      control(el, "company").value = "Early Co";
      (el.elements.namedItem("number_of_employees") as HTMLSelectElement).value = "51-200";
      el.querySelector<HTMLInputElement>('input[value="switching_help_desk"]')!.checked = true;
      control(el, "legal--908").checked = true;
    });
    // a render after hydration writes the state to the controls: they still show what was typed
    type(/Phone number/, "+1 503 555 0100");
    expect(screen.getByLabelText(/First name/)).toHaveValue("Avery");
    expect(screen.getByLabelText(/Company size/)).toHaveValue("51-200");
    expect(screen.getByLabelText("Switching from another help desk")).toBeChecked();
    expect(screen.getByLabelText(/receive other communications/)).toBeChecked();
    await submit();
    await waitFor(() => expect(formEl().dataset.state).toBe("success"));
    expect(submitPayload()).toMatchObject({
      firstname: "Avery",
      lastname: "Quinn",
      email: "avery@acme.com",
      company: "Early Co",
      phone: "+1 503 555 0100",
      number_of_employees: "51-200",
      looking_for: "switching_help_desk",
      "legal--908": "true",
    });
  });

  it("an invalid value typed early is judged as typed", async () => {
    await hydrateAfter(forms.newsletter, (el) => {
      control(el, "email").value = "reader@example";
    });
    await submit();
    expect(formEl().dataset.state).toBe("invalid");
    expect(screen.getByLabelText("Email address")).toHaveValue("reader@example");
    expect(screen.getByText("Please enter a valid email address")).toBeInTheDocument();
  });

  it("a message and a file chosen early: the text is kept, the file uploads once hydrated", async () => {
    const file = new File(["%PDF-1.4 test"], "rfp.pdf", { type: "application/pdf" });
    await hydrateAfter(forms.sales, (el) => {
      (el.elements.namedItem("message") as HTMLTextAreaElement).value = "Line one\nline two";
      Object.defineProperty(el.querySelector('input[type="file"]')!, "files", { value: [file] });
    });
    expect(screen.getByLabelText(/How can we help/)).toHaveValue("Line one\nline two");
    await waitFor(() => expect((document.querySelector("input[data-file-url]") as HTMLInputElement).value).toContain("file?id=abc"));
    expect((calls.find((c) => c.url.includes("uploadFile"))!.body as { filename: string }).filename).toBe("rfp.pdf");
  });
});

describe("without JavaScript (progressive enhancement)", () => {
  it("the server HTML is a native form: POST to the submit function with the form id, and a success note for :target", () => {
    const html = renderToString(
      <ThemeProvider theme={theme}>
        <LeadForm form={forms.demo} />
      </ThemeProvider>,
    );
    const doc = new DOMParser().parseFromString(html, "text/html");
    const form = doc.querySelector("form")!;
    expect(form.getAttribute("method")).toBe("post");
    expect(form.getAttribute("action")).toBe("/api/hubspot/submitForm");
    expect(form.hasAttribute("enctype")).toBe(false);
    expect((form.elements.namedItem("formId") as HTMLInputElement).value).toBe("get-a-demo");
    const note = doc.getElementById("get-a-demo-sent")!;
    expect(note.nextElementSibling).toBe(form);
    expect(note.textContent).toContain(forms.demo.customSuccessMessage!.slice(0, 20));
  });
  it("with JavaScript the form still posts JSON with fetch, not natively", async () => {
    show(forms.newsletter);
    type("Email address", "reader@example.org");
    const events: Event[] = [];
    formEl().addEventListener("submit", (e) => events.push(e));
    await submit();
    await waitFor(() => expect(formEl().dataset.state).toBe("success"));
    // React's handler (on the root, after this one) cancelled the browser's own submission
    expect(events.map((e) => e.defaultPrevented)).toEqual([true]);
    expect(submitPayload()).toMatchObject({ formId: "newsletter", email: "reader@example.org" });
  });
});
