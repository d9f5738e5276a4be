/** Jobs (/jobs/slug/) and the interview builder's guides and job descriptions (/interview-builder/…). */
export const careersSdl = /* GraphQL */ `
  "An interview question and what a good answer shows."
  type InterviewQuestion {
    id: String!
    text: String!
    "What to listen for in the answer."
    lookFor: String!
  }
  "A skill an interview assesses, with its questions."
  type Competency {
    name: String!
    description: String!
    questions: [InterviewQuestion!]!
  }

  "An open position, at /jobs/slug/ (JobPosting structured data)."
  interface JobPost implements Node {
    "Gatsby's node id."
    id: ID!
    "The job's URL segment."
    slug: String!
    "The job title."
    title: String!
    "The team it belongs to."
    department: String!
    "Where the job is based."
    location: String!
    "Whether the job can be done remotely."
    remote: Boolean!
    "FULL_TIME, PART_TIME or CONTRACTOR."
    employmentType: String!
    "When the job was posted."
    datePosted: Date! @dateformat
    "When the posting closes."
    validThrough: Date! @dateformat
    "The lower end of the salary range."
    salaryMin: Int!
    "The upper end of the salary range."
    salaryMax: Int!
    "The salary's ISO 4217 currency code."
    currency: String!
    "The job description."
    body: MarkdownBody!
  }

  "An interview guide for a role, at /interview-builder/role/."
  interface InterviewGuide implements Node {
    "Gatsby's node id."
    id: ID!
    "The guide's URL segment."
    slug: String!
    "The role, e.g. Support Engineer."
    role: String!
    "The guide's title."
    title: String!
    "What the guide covers."
    summary: String!
    "The skills to assess, each with questions."
    competencies: [Competency!]!
    "The same role's job description."
    jobDescription: JobDescription!
    "The guide's introduction."
    body: MarkdownBody!
  }

  "A job description template for a role, at /interview-builder/job-descriptions/role/."
  interface JobDescription implements Node {
    "Gatsby's node id."
    id: ID!
    "The description's URL segment."
    slug: String!
    "The role, e.g. Support Engineer."
    role: String!
    "The description's title."
    title: String!
    "What the role is about."
    summary: String!
    "The team it belongs to."
    department: String!
    "FULL_TIME, PART_TIME or CONTRACTOR."
    employmentType: String!
    "What the person will do."
    responsibilities: [String!]!
    "What the person needs."
    requirements: [String!]!
    "What would be a plus."
    niceToHave: [String!]!
    "The same role's interview guide."
    interviewGuide: InterviewGuide!
    "The description's introduction."
    body: MarkdownBody!
  }
`;
