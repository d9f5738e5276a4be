/** A book's index page and one page per chapter, each chapter linked to its previous and next. */
import { paths } from "../../lib/paths";
import { neighbourIds } from "./neighbours";
import { pageFamily, type PageSpec } from "./templates";

interface Slugged {
  id: string;
  slug: string;
}
interface BooksData {
  allBook: { nodes: (Slugged & { chapters: Slugged[] })[] };
}

export const bookPages = pageFamily<BooksData>({
  name: "books",
  query: `{ allBook { nodes { id slug chapters { id slug } } } }`,
  pages: (data) =>
    data.allBook.nodes.flatMap((book): PageSpec[] => [
      { path: paths.book(book.slug), template: "book", context: { id: book.id } },
      ...book.chapters.map((chapter, i): PageSpec => {
        const { before, after } = neighbourIds(book.chapters, i);
        return {
          path: paths.bookPost(book.slug, chapter.slug),
          template: "book-post",
          context: { id: chapter.id, previousId: before, nextId: after },
        };
      }),
    ]),
});
