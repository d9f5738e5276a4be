/** The blog (posts, categories, authors) and books (chapters published as book posts). */
export const blogSdl = /* GraphQL */ `
  "A blog category; its posts are listed at /blog/category/slug/."
  interface Category implements Node {
    "Gatsby's node id."
    id: ID!
    "The category's URL segment."
    slug: String!
    "The category's display name."
    name: String!
    "What the category covers (the listing's meta description)."
    description: String!
  }

  "A person who writes posts or books; their page is /authors/slug/."
  interface Author implements Node {
    "Gatsby's node id."
    id: ID!
    "The author's URL segment; posts and books name their author by it."
    slug: String!
    "The author's full name."
    name: String!
    "Their role, e.g. Head of Support."
    role: String!
    "Their photo."
    avatar: ImageAsset!
    "Their profile URL on X."
    x: String
    "Their LinkedIn profile URL."
    linkedin: String
    "Their biography."
    bio: MarkdownBody!
  }

  "A blog post, at /blog/slug/."
  interface BlogPost implements Node {
    "Gatsby's node id."
    id: ID!
    "The post's URL segment."
    slug: String!
    "The post's title (its h1 and document title)."
    title: String!
    "A summary for cards and the meta description (50-170 characters)."
    excerpt: String!
    "The publication date."
    date: Date! @dateformat
    "The date of the last significant update."
    updated: Date @dateformat
    "Who wrote it."
    author: Author!
    "The category it is listed under."
    category: Category!
    "The post's cover image."
    image: ImageAsset!
    "Free-form tags."
    tags: [String!]!
    "The post."
    body: MarkdownBody!
  }

  "A book: an introduction and chapters, at /books/slug/."
  interface Book implements Node {
    "Gatsby's node id."
    id: ID!
    "The book's URL segment."
    slug: String!
    "The book's title."
    title: String!
    "What the book is about."
    description: String!
    "The cover image."
    cover: ImageAsset!
    "Who wrote it."
    author: Author!
    "The book's introduction (its index page)."
    intro: MarkdownBody!
    "The chapters, in reading order."
    chapters: [BookPost!]!
  }

  "A chapter of a book, at /books/book/slug/."
  interface BookPost implements Node {
    "Gatsby's node id."
    id: ID!
    "The chapter's URL segment within its book."
    slug: String!
    "The chapter's title."
    title: String!
    "The chapter's position in the book, from 1."
    order: Int!
    "A summary for the book's chapter list."
    excerpt: String!
    "The book it belongs to."
    book: Book!
    "The chapter."
    body: MarkdownBody!
  }
`;
