/*
 * Typed facts from libclang. spatch matches text shapes; it does not know
 * that pkt->count is an unsigned field declared beside entries[16], that
 * NR_SLOTS(p) is a macro, or that the array a loop indexes has exactly E
 * elements. The compiler does: this pass re-parses every file that has
 * findings (once per file) and adds what it learns as evidence. The AST may
 * be partial (generated headers missing, no .config): every fact is taken
 * only when clang resolved it, and a file that does not parse is counted,
 * never fatal.
 *
 * Facts (evidence names; "bound" is the finding's key expression, which for
 * the loop rules is the loop's bound):
 *   clang_function_extent  START-END lines of the function definition
 *   clang_bound_type       canonical type of the key expression
 *   clang_bound_typedef    the type as written, when it is a typedef (u32)
 *   clang_bound_signed     1 signed, 0 unsigned (integer types only)
 *   clang_bound_decl       what the key names: field, parameter, local,
 *                          global, enum_constant
 *   clang_bound_value      the key's value when it is a constant expression
 *   clang_bound_struct     the record that declares the key's field
 *   clang_bound_struct_at  where that record is declared (path:line)
 *   clang_bound_siblings   the record's fields, in order
 *   clang_sibling_arrays   the record's array fields with their declared
 *                          size: entries[16], or slot[NR_SLOTS=8] when the
 *                          size is spelt with a macro
 *   clang_macro            function-like macros in the key: NAME(args)=body
 *   clang_macro_const      object-like macros in the key: NAME=body
 *   clang_index_type       type of the loop variable
 *   clang_array_sizes      arrays the loop indexes with the loop variable
 *                          and a constant declared size: name:N,...
 *   clang_indexed_pointers indexed by the loop variable but not arrays of
 *                          known size (pointers, flexible arrays)
 *   clang_indexed_sibling  indexed arrays declared in the bound's record
 *                          (count beside entries[N]: count counts them)
 *   clang_array_overrun    constant bound E and an indexed array of exactly
 *                          E elements under <=: a[E] is past the end
 *   clang_array_fits       constant bound E and an array of more than E
 *   clang_parse_errors     error diagnostics in the file (AST partial)
 */
#include "facts/evidence.h"
#include "facts/finding.h"
#include "lib/strbuf.h"
#include "lib/util.h"

#include <clang-c/Index.h>
#include <ctype.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define MAX_SIBLINGS 32		/* sk_buff has ~100 fields: keep evidence readable */
#define MAX_MACRO_BODY 160

/* ---- small helpers ---- */

static int is_dir(const char *path)
{
	struct stat st;
	return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

static int is_file(const char *path)
{
	struct stat st;
	return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

static char *cx_take(CXString s)	/* CXString to a malloc'd string */
{
	const char *c = clang_getCString(s);
	char *r = xstrdup(c ? c : "");
	clang_disposeString(s);
	return r;
}

/* Line and file offset where the cursor's code is, in the file (not a macro body). */
static unsigned start_line(CXCursor c, unsigned *off)
{
	unsigned line, col, o;
	clang_getExpansionLocation(clang_getRangeStart(clang_getCursorExtent(c)), NULL, &line, &col, &o);
	if (off)
		*off = o;
	return line;
}

static unsigned start_col(CXCursor c)
{
	unsigned line, col;
	clang_getExpansionLocation(clang_getRangeStart(clang_getCursorExtent(c)), NULL, &line, &col, NULL);
	return col;
}

static unsigned end_line(CXCursor c)
{
	unsigned line;
	clang_getExpansionLocation(clang_getRangeEnd(clang_getCursorExtent(c)), NULL, &line, NULL, NULL);
	return line;
}

static int in_main_file(CXCursor c)
{
	return clang_Location_isFromMainFile(clang_getCursorLocation(c));
}

static int word_char(char c)
{
	return isalnum((unsigned char)c) || c == '_';
}

/* Append a token: a space only where two words would otherwise fuse. */
static void add_token(struct strbuf *sb, const char *tok)
{
	if (sb->len && word_char(sb->buf[sb->len - 1]) && word_char(tok[0]))
		strbuf_addch(sb, ' ');
	strbuf_addstr(sb, tok);
}

static char *tokens_text(CXTranslationUnit tu, CXToken *t, unsigned n)
{
	struct strbuf sb = STRBUF_INIT;
	for (unsigned i = 0; i < n; i++) {
		CXString s = clang_getTokenSpelling(tu, t[i]);
		add_token(&sb, clang_getCString(s));
		clang_disposeString(s);
	}
	return strbuf_detach(&sb);
}

/*
 * A cursor's extent as code in the file. libclang keeps the start of an
 * expression that begins in a macro at the macro's body, so tokenizing its
 * extent yields nothing or the #define: start at the file location instead
 * (the invocation, or the argument when the code is a macro argument).
 */
static CXSourceRange code_range(CXTranslationUnit tu, CXCursor c)
{
	CXSourceRange r = clang_getCursorExtent(c);
	CXFile file;
	unsigned off;
	clang_getFileLocation(clang_getRangeStart(r), &file, NULL, NULL, &off);
	if (!file)
		return r;
	return clang_getRange(clang_getLocationForOffset(tu, file, off), clang_getRangeEnd(r));
}

/* The source text of a cursor, tokens joined compactly: "p->entries". */
static char *cursor_text(CXTranslationUnit tu, CXCursor c)
{
	CXToken *t = NULL;
	unsigned n = 0;
	clang_tokenize(tu, code_range(tu, c), &t, &n);
	char *s = tokens_text(tu, t, n);
	clang_disposeTokens(tu, t, n);
	return s;
}

/* Compare modulo whitespace and one pair of outer parentheses. */
static char *squeeze(const char *s)
{
	size_t n = strlen(s), j = 0;
	char *r = xmalloc(n + 1);
	for (size_t i = 0; i < n; i++)
		if (!isspace((unsigned char)s[i]))
			r[j++] = s[i];
	r[j] = 0;
	if (j >= 2 && r[0] == '(' && r[j - 1] == ')') {
		int depth = 0, outer = 1;
		for (size_t i = 0; i < j - 1 && outer; i++) {
			depth += r[i] == '(' ? 1 : r[i] == ')' ? -1 : 0;
			if (depth == 0)
				outer = 0;	/* "(a)+(b)": the parens are not outer */
		}
		if (outer) {
			memmove(r, r + 1, j - 2);
			r[j - 2] = 0;
		}
	}
	return r;
}

static int same_text(const char *a, const char *b)
{
	char *x = squeeze(a), *y = squeeze(b);
	int eq = !strcmp(x, y);
	free(x);
	free(y);
	return eq;
}

/* ---- children and peeling ---- */

struct kids {
	CXCursor v[8];
	unsigned n;
};

static enum CXChildVisitResult kids_visit(CXCursor c, CXCursor parent, CXClientData d)
{
	struct kids *k = d;
	if (k->n < ARRAY_SIZE(k->v))
		k->v[k->n] = c;
	k->n++;
	return CXChildVisit_Continue;
}

static void get_kids(CXCursor c, struct kids *k)
{
	k->n = 0;
	clang_visitChildren(c, kids_visit, k);
	if (k->n > ARRAY_SIZE(k->v))
		k->n = ARRAY_SIZE(k->v);
}

/* Strip implicit casts (UnexposedExpr) and parentheses: the expression as written. */
static CXCursor peel(CXCursor c)
{
	for (;;) {
		enum CXCursorKind k = clang_getCursorKind(c);
		struct kids kd;
		if (k != CXCursor_UnexposedExpr && k != CXCursor_ParenExpr)
			return c;
		get_kids(c, &kd);
		if (kd.n != 1)
			return c;
		c = kd.v[0];
	}
}

/* First cursor of a kind in pre-order under (and including) c. */
struct first_of {
	enum CXCursorKind kind;
	int var_ref;		/* DeclRefExpr only: must name a variable */
	CXCursor found;
	int have;
};

static int names_variable(CXCursor ref)
{
	enum CXCursorKind k = clang_getCursorKind(clang_getCursorReferenced(ref));
	return k == CXCursor_VarDecl || k == CXCursor_ParmDecl;
}

static enum CXChildVisitResult first_of_visit(CXCursor c, CXCursor parent, CXClientData d)
{
	struct first_of *fo = d;
	if (clang_getCursorKind(c) == fo->kind && (!fo->var_ref || names_variable(c))) {
		fo->found = c;
		fo->have = 1;
		return CXChildVisit_Break;
	}
	return CXChildVisit_Recurse;
}

static int find_first(CXCursor c, enum CXCursorKind kind, int var_ref, CXCursor *out)
{
	struct first_of fo = { kind, var_ref, clang_getNullCursor(), 0 };
	if (clang_getCursorKind(c) == kind && (!var_ref || names_variable(c))) {
		*out = c;
		return 1;
	}
	clang_visitChildren(c, first_of_visit, &fo);
	*out = fo.found;
	return fo.have;
}

/* ---- one parsed file ---- */

struct fn_extent {
	CXCursor cursor;
	unsigned start, end;
};

struct file_ctx {
	CXTranslationUnit tu;
	CXFile main;
	const char *root;
	struct fn_extent *fns;
	size_t nfns, afns;
	unsigned nerrors;
};

static enum CXChildVisitResult collect_functions(CXCursor c, CXCursor parent, CXClientData d)
{
	struct file_ctx *fc = d;
	if (clang_getCursorKind(c) != CXCursor_FunctionDecl || !clang_isCursorDefinition(c) ||
	    !in_main_file(c))
		return CXChildVisit_Continue;
	if (fc->nfns == fc->afns) {
		fc->afns = fc->afns ? 2 * fc->afns : 64;
		fc->fns = xrealloc(fc->fns, fc->afns * sizeof(*fc->fns));
	}
	fc->fns[fc->nfns].cursor = c;
	fc->fns[fc->nfns].start = start_line(c, NULL);
	fc->fns[fc->nfns].end = end_line(c);
	fc->nfns++;
	return CXChildVisit_Continue;
}

static const struct fn_extent *function_at(const struct file_ctx *fc, unsigned line)
{
	for (size_t i = 0; i < fc->nfns; i++)
		if (fc->fns[i].start <= line && line <= fc->fns[i].end)
			return &fc->fns[i];
	return NULL;
}

/* ---- the loop at the finding ---- */

struct loop_info {
	CXCursor loop, cond, bound, var;	/* var: the loop variable's declaration */
	int have_loop, have_cond, have_bound, have_var;
	char op[3];				/* comparison in the condition: <=, <, >=, > */
};

struct loop_search {
	unsigned line, col;
	CXCursor found;
	int have;
};

static int is_loop(enum CXCursorKind k)
{
	return k == CXCursor_ForStmt || k == CXCursor_WhileStmt || k == CXCursor_DoStmt;
}

static enum CXChildVisitResult loop_search_visit(CXCursor c, CXCursor parent, CXClientData d)
{
	struct loop_search *ls = d;
	if (!in_main_file(c))
		return CXChildVisit_Continue;
	if (is_loop(clang_getCursorKind(c)) && start_line(c, NULL) == ls->line) {
		int exact = start_col(c) == ls->col;
		if (!ls->have || exact) {
			ls->found = c;
			ls->have = 1;
		}
		if (exact)
			return CXChildVisit_Break;
	}
	return CXChildVisit_Recurse;
}

/*
 * The condition of a for statement: libclang skips absent parts, so tell
 * init, cond and inc apart by where they sit relative to the header's
 * semicolons.
 */
static int for_condition(CXTranslationUnit tu, CXCursor loop, CXCursor *cond)
{
	struct kids k;
	get_kids(loop, &k);
	if (k.n < 2)
		return 0;
	CXCursor body = k.v[k.n - 1];
	CXSourceRange hdr = clang_getRange(clang_getRangeStart(clang_getCursorExtent(loop)),
					   clang_getRangeStart(clang_getCursorExtent(body)));
	CXToken *t = NULL;
	unsigned n = 0, semi[2] = { 0, 0 }, nsemi = 0;
	int depth = 0;
	clang_tokenize(tu, hdr, &t, &n);
	for (unsigned i = 0; i < n && nsemi < 2; i++) {
		CXString s = clang_getTokenSpelling(tu, t[i]);
		const char *p = clang_getCString(s);
		if (!strcmp(p, "(") || !strcmp(p, "["))
			depth++;
		else if (!strcmp(p, ")") || !strcmp(p, "]"))
			depth--;
		else if (!strcmp(p, ";") && depth == 1)
			clang_getExpansionLocation(clang_getTokenLocation(tu, t[i]), NULL, NULL, NULL,
						   &semi[nsemi++]);
		clang_disposeString(s);
	}
	clang_disposeTokens(tu, t, n);
	if (nsemi < 2)
		return 0;	/* the header comes from a macro: not ours to read */
	for (unsigned i = 0; i + 1 < k.n; i++) {
		unsigned off;
		start_line(k.v[i], &off);
		if (off > semi[0] && off < semi[1]) {
			*cond = k.v[i];
			return 1;
		}
	}
	return 0;
}

static int loop_condition(CXTranslationUnit tu, CXCursor loop, CXCursor *cond)
{
	struct kids k;
	enum CXCursorKind kind = clang_getCursorKind(loop);
	if (kind == CXCursor_ForStmt)
		return for_condition(tu, loop, cond);
	get_kids(loop, &k);
	if (k.n < 2)
		return 0;
	/* while (cond) body; do body while (cond); a while's condition variable comes first */
	*cond = kind == CXCursor_DoStmt ? k.v[k.n - 1] : k.v[k.n - 2];
	return 1;
}

/* The first comparison operator at parenthesis depth 0 of an expression. */
static int comparison_op(CXTranslationUnit tu, CXCursor e, char op[3])
{
	CXToken *t = NULL;
	unsigned n = 0;
	int depth = 0, found = 0;
	clang_tokenize(tu, code_range(tu, e), &t, &n);
	for (unsigned i = 0; i < n && !found; i++) {
		CXString s = clang_getTokenSpelling(tu, t[i]);
		const char *p = clang_getCString(s);
		if (!strcmp(p, "(") || !strcmp(p, "["))
			depth++;
		else if (!strcmp(p, ")") || !strcmp(p, "]"))
			depth--;
		else if (depth == 0 && (!strcmp(p, "<=") || !strcmp(p, ">=") || !strcmp(p, "<") ||
					!strcmp(p, ">"))) {
			strcpy(op, p);
			found = 1;
		}
		clang_disposeString(s);
	}
	clang_disposeTokens(tu, t, n);
	return found;
}

/*
 * Find the loop at the finding and split its condition "i <= E" into the
 * loop variable and the bound. The bound is the operand whose text is the
 * key; failing that (the key was normalised differently), the side the
 * operator points to.
 */
static void find_loop(struct file_ctx *fc, CXCursor fn, const struct finding *f, struct loop_info *li)
{
	struct loop_search ls = { f->line, f->col, clang_getNullCursor(), 0 };
	struct kids k;
	memset(li, 0, sizeof(*li));
	clang_visitChildren(fn, loop_search_visit, &ls);
	if (!ls.have)
		return;
	li->loop = ls.found;
	li->have_loop = 1;
	if (!loop_condition(fc->tu, li->loop, &li->cond))
		return;
	li->have_cond = 1;
	CXCursor cmp = peel(li->cond);
	if (clang_getCursorKind(cmp) != CXCursor_BinaryOperator || !comparison_op(fc->tu, cmp, li->op))
		return;
	get_kids(cmp, &k);
	if (k.n != 2)
		return;
	int b;
	char *t0 = cursor_text(fc->tu, k.v[0]), *t1 = cursor_text(fc->tu, k.v[1]);
	if (same_text(t1, f->key))
		b = 1;
	else if (same_text(t0, f->key))
		b = 0;
	else
		b = li->op[0] == '<' ? 1 : 0;
	free(t0);
	free(t1);
	li->bound = k.v[b];
	li->have_bound = 1;
	CXCursor ref;
	if (find_first(k.v[!b], CXCursor_DeclRefExpr, 1, &ref)) {
		li->var = clang_getCursorReferenced(ref);
		li->have_var = 1;
	}
}

/* ---- the key anywhere on the finding's line (rules that are not loops) ---- */

struct key_search {
	CXTranslationUnit tu;
	unsigned line;
	const char *key;
	CXCursor found;
	int have;
};

static enum CXChildVisitResult key_search_visit(CXCursor c, CXCursor parent, CXClientData d)
{
	struct key_search *ks = d;
	if (!in_main_file(c))
		return CXChildVisit_Continue;
	unsigned l0 = start_line(c, NULL);
	if (l0 > ks->line || end_line(c) < ks->line)
		return CXChildVisit_Continue;	/* not on the line: nor are its children */
	if (clang_isExpression(clang_getCursorKind(c)) && l0 == ks->line) {
		char *t = cursor_text(ks->tu, c);
		int eq = same_text(t, ks->key);
		free(t);
		if (eq) {
			ks->found = c;
			ks->have = 1;
			return CXChildVisit_Break;
		}
	}
	return CXChildVisit_Recurse;
}

static int find_key_on_line(struct file_ctx *fc, CXCursor fn, const struct finding *f, CXCursor *out)
{
	struct key_search ks = { fc->tu, f->line, f->key, clang_getNullCursor(), 0 };
	clang_visitChildren(fn, key_search_visit, &ks);
	*out = ks.found;
	return ks.have;
}

/* ---- facts ---- */

static void add_function_extent(struct finding *f, const struct fn_extent *fn)
{
	char buf[48];
	snprintf(buf, sizeof(buf), "%u-%u", fn->start, fn->end);
	finding_add_evidence(f, "clang_function_extent", buf);
}

/* 1 signed, 0 unsigned, -1 not an integer type. */
static int type_signed(CXType t)
{
	t = clang_getCanonicalType(t);
	switch (t.kind) {
	case CXType_Char_S: case CXType_SChar: case CXType_Short: case CXType_Int:
	case CXType_Long: case CXType_LongLong: case CXType_Int128:
		return 1;
	case CXType_Bool: case CXType_Char_U: case CXType_UChar: case CXType_UShort:
	case CXType_UInt: case CXType_ULong: case CXType_ULongLong: case CXType_UInt128:
		return 0;
	case CXType_Enum:
		return type_signed(clang_getEnumDeclIntegerType(clang_getTypeDeclaration(t)));
	default:
		return -1;
	}
}

/* The type a comparison sees: qualifiers do not matter. */
static const char *unqualified(const char *type)
{
	while (starts_with(type, "const ") || starts_with(type, "volatile "))
		type = strchr(type, ' ') + 1;
	return type;
}

/* Type, typedef and signedness of the bound: what a comparison with i converts to. */
static void add_bound_type(struct finding *f, CXCursor bound)
{
	CXType t = clang_getCursorType(peel(bound));
	CXType canon = clang_getCanonicalType(t);
	if (t.kind == CXType_Invalid || canon.kind == CXType_Unexposed)
		return;		/* unresolved in a partial AST */
	char *spelt = cx_take(clang_getTypeSpelling(t));
	char *real = cx_take(clang_getTypeSpelling(canon));
	const char *shown = unqualified(real), *as_written = unqualified(spelt);
	finding_add_evidence(f, "clang_bound_type", shown);
	if (strcmp(as_written, shown))
		finding_add_evidence(f, "clang_bound_typedef", as_written);
	int s = type_signed(t);
	if (s >= 0)
		finding_add_evidence(f, "clang_bound_signed", s ? "1" : "0");
	free(spelt);
	free(real);
}

/* The key's value, when the compiler can fold it (macros, enums, sizeof). */
static int bound_value(CXCursor bound, long long *v)
{
	CXEvalResult r = clang_Cursor_Evaluate(bound);
	int ok = 0;
	if (!r)
		return 0;
	if (clang_EvalResult_getKind(r) == CXEval_Int) {
		*v = clang_EvalResult_isUnsignedInt(r) ? (long long)clang_EvalResult_getAsUnsigned(r)
						       : clang_EvalResult_getAsLongLong(r);
		ok = 1;
	}
	clang_EvalResult_dispose(r);
	return ok;
}

static void add_bound_decl(struct finding *f, CXCursor bound)
{
	CXCursor b = peel(bound), d;
	const char *what = NULL;
	if (clang_getCursorKind(b) == CXCursor_MemberRefExpr) {
		what = "field";
	} else if (clang_getCursorKind(b) == CXCursor_DeclRefExpr) {
		d = clang_getCursorReferenced(b);
		switch (clang_getCursorKind(d)) {
		case CXCursor_ParmDecl: what = "parameter"; break;
		case CXCursor_EnumConstantDecl: what = "enum_constant"; break;
		case CXCursor_VarDecl:
			what = clang_getCursorKind(clang_getCursorSemanticParent(d)) ==
				       CXCursor_TranslationUnit ? "global" : "local";
			break;
		default: break;
		}
	}
	if (what)
		finding_add_evidence(f, "clang_bound_decl", what);
}

/* "struct foo", or "anonymous union in struct foo" for a nested unnamed record. */
static char *record_name(CXCursor rec)
{
	char *name = cx_take(clang_getTypeSpelling(clang_getCursorType(rec)));
	if (!clang_Cursor_isAnonymousRecordDecl(rec) && !strstr(name, "(unnamed") &&
	    !strstr(name, "(anonymous"))
		return name;
	free(name);
	const char *kind = clang_getCursorKind(rec) == CXCursor_UnionDecl ? "union" : "struct";
	CXCursor up = clang_getCursorSemanticParent(rec);
	enum CXCursorKind uk = clang_getCursorKind(up);
	if (uk == CXCursor_StructDecl || uk == CXCursor_UnionDecl) {
		char *outer = record_name(up);
		char *r = xasprintf("anonymous %s in %s", kind, outer);
		free(outer);
		return r;
	}
	return xasprintf("anonymous %s", kind);
}

static char *relative_path(const char *root, const char *path)
{
	size_t n = strlen(root);
	while (n > 1 && root[n - 1] == '/')
		n--;
	if (!strncmp(path, root, n) && path[n] == '/')
		return xstrdup(path + n + 1);
	return xstrdup(path);
}

/* "entries[16]", or "slot[NR_SLOTS=8]" when the size is spelt with a macro or expression. */
static char *array_field_text(CXTranslationUnit tu, CXCursor field)
{
	CXType t = clang_getCanonicalType(clang_getCursorType(field));
	char *name = cx_take(clang_getCursorSpelling(field));
	char *r;
	if (t.kind == CXType_IncompleteArray) {
		r = xasprintf("%s[]", name);
		free(name);
		return r;
	}
	/* The size as written: the tokens between the first [ and its ] */
	CXToken *tok = NULL;
	unsigned n = 0, open = 0, close = 0;
	int depth = 0;
	clang_tokenize(tu, clang_getCursorExtent(field), &tok, &n);
	for (unsigned i = 0; i < n; i++) {
		CXString s = clang_getTokenSpelling(tu, tok[i]);
		const char *p = clang_getCString(s);
		if (!strcmp(p, "[") && depth++ == 0 && !open)
			open = i + 1;
		else if (!strcmp(p, "]") && --depth == 0 && open && !close)
			close = i;
		clang_disposeString(s);
	}
	char *written = close > open ? tokens_text(tu, tok + open, close - open) : NULL;
	clang_disposeTokens(tu, tok, n);
	long long size = clang_getArraySize(t);
	if (written && (written[0] < '0' || written[0] > '9'))
		r = xasprintf("%s[%s=%lld]", name, written, size);
	else
		r = xasprintf("%s[%lld]", name, size);
	free(written);
	free(name);
	return r;
}

struct fields_visit {
	CXTranslationUnit tu;
	struct strbuf names, arrays;
	unsigned nnames, narrays;
};

static enum CXChildVisitResult fields_visit(CXCursor c, CXCursor parent, CXClientData d)
{
	struct fields_visit *fv = d;
	if (clang_getCursorKind(c) != CXCursor_FieldDecl)
		return CXChildVisit_Continue;
	char *name = cx_take(clang_getCursorSpelling(c));
	if (fv->nnames++ < MAX_SIBLINGS) {
		if (fv->names.len)
			strbuf_addch(&fv->names, ',');
		strbuf_addstr(&fv->names, *name ? name : "(unnamed)");
	}
	free(name);
	CXType t = clang_getCanonicalType(clang_getCursorType(c));
	if (t.kind == CXType_ConstantArray || t.kind == CXType_IncompleteArray) {
		char *a = array_field_text(fv->tu, c);
		if (fv->narrays++ < MAX_SIBLINGS) {
			if (fv->arrays.len)
				strbuf_addch(&fv->arrays, ',');
			strbuf_addstr(&fv->arrays, a);
		}
		free(a);
	}
	return CXChildVisit_Continue;
}

/*
 * The record that declares the bound field and the fields beside it: a
 * count declared next to entries[N] most likely counts those entries.
 * Returns the record (for clang_indexed_sibling) or a null cursor.
 */
static CXCursor add_bound_struct(struct file_ctx *fc, struct finding *f, CXCursor bound)
{
	CXCursor m, field, rec;
	if (!find_first(bound, CXCursor_MemberRefExpr, 0, &m))
		return clang_getNullCursor();
	field = clang_getCursorReferenced(m);
	if (clang_getCursorKind(field) != CXCursor_FieldDecl)
		return clang_getNullCursor();
	rec = clang_getCursorSemanticParent(field);
	if (clang_getCursorKind(rec) != CXCursor_StructDecl && clang_getCursorKind(rec) != CXCursor_UnionDecl)
		return clang_getNullCursor();

	char *name = record_name(rec);
	finding_add_evidence(f, "clang_bound_struct", name);
	free(name);

	CXFile file;
	unsigned line;
	clang_getExpansionLocation(clang_getCursorLocation(rec), &file, &line, NULL, NULL);
	if (file) {
		char *abs = cx_take(clang_getFileName(file));
		char *rel = relative_path(fc->root, abs);
		char *at = xasprintf("%s:%u", rel, line);
		finding_add_evidence(f, "clang_bound_struct_at", at);
		free(at);
		free(rel);
		free(abs);
	}

	struct fields_visit fv = { fc->tu, STRBUF_INIT, STRBUF_INIT, 0, 0 };
	clang_visitChildren(rec, fields_visit, &fv);
	if (fv.nnames > MAX_SIBLINGS)
		strbuf_addf(&fv.names, ",...(%u more)", fv.nnames - MAX_SIBLINGS);
	if (fv.narrays > MAX_SIBLINGS)
		strbuf_addf(&fv.arrays, ",...(%u more)", fv.narrays - MAX_SIBLINGS);
	if (fv.names.len)
		finding_add_evidence(f, "clang_bound_siblings", fv.names.buf);
	if (fv.arrays.len)
		finding_add_evidence(f, "clang_sibling_arrays", fv.arrays.buf);
	strbuf_release(&fv.names);
	strbuf_release(&fv.arrays);
	return rec;
}

/* "NAME(a,b)=body" or "NAME=body" from a macro definition's tokens. */
static char *macro_text(CXTranslationUnit tu, CXCursor def)
{
	CXToken *t = NULL;
	unsigned n = 0, body = 1;
	struct strbuf sb = STRBUF_INIT;
	clang_tokenize(tu, clang_getCursorExtent(def), &t, &n);
	if (n == 0) {
		strbuf_addstr(&sb, "?");
		return strbuf_detach(&sb);
	}
	char *name = tokens_text(tu, t, 1);
	strbuf_addstr(&sb, name);
	free(name);
	if (clang_Cursor_isMacroFunctionLike(def)) {
		/* parameters: up to the first ")" */
		while (body < n) {
			CXString s = clang_getTokenSpelling(tu, t[body++]);
			int end = !strcmp(clang_getCString(s), ")");
			strbuf_addstr(&sb, clang_getCString(s));
			clang_disposeString(s);
			if (end)
				break;
		}
	}
	char *rest = body < n ? tokens_text(tu, t + body, n - body) : xstrdup("");
	clang_disposeTokens(tu, t, n);
	if (strlen(rest) > MAX_MACRO_BODY)
		strcpy(rest + MAX_MACRO_BODY - 3, "...");
	strbuf_addf(&sb, "=%s", rest);
	free(rest);
	return strbuf_detach(&sb);
}

static int key_has_word(const char *key, const char *w)
{
	size_t n = strlen(w);
	for (const char *p = key; (p = strstr(p, w)); p++)
		if ((p == key || !word_char(p[-1])) && !word_char(p[n]))
			return 1;
	return 0;
}

/*
 * Macros among the key's identifiers, from the preprocessing record: the
 * tokens of the bound (or of the finding's line) whose cursor is a macro
 * expansion. A count hidden behind a function-like macro is read through it.
 */
static void add_macros(struct file_ctx *fc, struct finding *f, const CXCursor *bound)
{
	CXSourceRange r;
	CXToken *t = NULL;
	unsigned n = 0;
	struct strbuf fn = STRBUF_INIT, obj = STRBUF_INIT;
	if (bound) {
		r = code_range(fc->tu, *bound);
	} else {
		r = clang_getRange(clang_getLocation(fc->tu, fc->main, f->line, 1),
				   clang_getLocation(fc->tu, fc->main, f->line + 1, 1));
	}
	clang_tokenize(fc->tu, r, &t, &n);
	for (unsigned i = 0; i < n; i++) {
		if (clang_getTokenKind(t[i]) != CXToken_Identifier)
			continue;
		CXString s = clang_getTokenSpelling(fc->tu, t[i]);
		const char *word = clang_getCString(s);
		if (key_has_word(f->key, word)) {
			CXCursor c = clang_getCursor(fc->tu, clang_getTokenLocation(fc->tu, t[i]));
			if (clang_getCursorKind(c) == CXCursor_MacroExpansion) {
				CXCursor def = clang_getCursorReferenced(c);
				if (clang_getCursorKind(def) == CXCursor_MacroDefinition) {
					struct strbuf *sb = clang_Cursor_isMacroFunctionLike(def) ? &fn : &obj;
					char *m = macro_text(fc->tu, def);
					if (!strstr(sb->buf, m)) {
						if (sb->len)
							strbuf_addstr(sb, "; ");
						strbuf_addstr(sb, m);
					}
					free(m);
				}
			}
		}
		clang_disposeString(s);
	}
	clang_disposeTokens(fc->tu, t, n);
	if (fn.len)
		finding_add_evidence(f, "clang_macro", fn.buf);
	if (obj.len)
		finding_add_evidence(f, "clang_macro_const", obj.buf);
	strbuf_release(&fn);
	strbuf_release(&obj);
}

/* Arrays the loop indexes with its variable, with their declared sizes. */
struct index_visit {
	struct file_ctx *fc;
	CXCursor var, rec;		/* rec: the bound's record, or null */
	int have_value;
	long long value;		/* constant bound */
	int inclusive;			/* i <= E: the last pass is i == E */
	struct strbuf sizes, pointers, siblings, overrun, fits;
};

static void add_item(struct strbuf *sb, const char *item)
{
	/* unique, comma-separated */
	size_t n = strlen(item);
	for (const char *p = sb->buf; (p = strstr(p, item)); p++)
		if ((p == sb->buf || p[-1] == ',') && (p[n] == ',' || !p[n]))
			return;
	if (sb->len)
		strbuf_addch(sb, ',');
	strbuf_addstr(sb, item);
}

static enum CXChildVisitResult index_visit(CXCursor c, CXCursor parent, CXClientData d)
{
	struct index_visit *iv = d;
	struct kids k;
	CXCursor idx;
	if (clang_getCursorKind(c) != CXCursor_ArraySubscriptExpr)
		return CXChildVisit_Recurse;
	get_kids(c, &k);
	if (k.n != 2)
		return CXChildVisit_Recurse;
	idx = peel(k.v[1]);
	if (clang_getCursorKind(idx) != CXCursor_DeclRefExpr ||
	    !clang_equalCursors(clang_getCursorReferenced(idx), iv->var))
		return CXChildVisit_Recurse;

	CXCursor base = peel(k.v[0]);
	CXType t = clang_getCanonicalType(clang_getCursorType(base));
	char *name = cursor_text(iv->fc->tu, base);
	if (t.kind == CXType_ConstantArray) {
		long long size = clang_getArraySize(t);
		char *item = xasprintf("%s:%lld", name, size);
		add_item(&iv->sizes, item);
		if (iv->have_value && iv->inclusive && size == iv->value)
			add_item(&iv->overrun, item);
		else if (iv->have_value && iv->inclusive && size > iv->value)
			add_item(&iv->fits, item);
		free(item);
	} else if (t.kind == CXType_Pointer || t.kind == CXType_IncompleteArray) {
		add_item(&iv->pointers, name);
	}
	if (!clang_Cursor_isNull(iv->rec) && clang_getCursorKind(base) == CXCursor_MemberRefExpr) {
		CXCursor field = clang_getCursorReferenced(base);
		if (clang_equalCursors(clang_getCursorSemanticParent(field), iv->rec)) {
			char *fname = cx_take(clang_getCursorSpelling(field));
			add_item(&iv->siblings, fname);
			free(fname);
		}
	}
	free(name);
	return CXChildVisit_Recurse;
}

static void add_array_sizes(struct file_ctx *fc, struct finding *f, const struct loop_info *li,
			    CXCursor rec, int have_value, long long value)
{
	struct index_visit iv = { fc, li->var, rec, have_value, value,
				  !strcmp(li->op, "<=") || !strcmp(li->op, ">="),
				  STRBUF_INIT, STRBUF_INIT, STRBUF_INIT, STRBUF_INIT, STRBUF_INIT };
	clang_visitChildren(li->loop, index_visit, &iv);
	if (iv.sizes.len)
		finding_add_evidence(f, "clang_array_sizes", iv.sizes.buf);
	if (iv.pointers.len)
		finding_add_evidence(f, "clang_indexed_pointers", iv.pointers.buf);
	if (iv.siblings.len)
		finding_add_evidence(f, "clang_indexed_sibling", iv.siblings.buf);
	if (iv.overrun.len)
		finding_add_evidence(f, "clang_array_overrun", iv.overrun.buf);
	if (iv.fits.len)
		finding_add_evidence(f, "clang_array_fits", iv.fits.buf);
	strbuf_release(&iv.sizes);
	strbuf_release(&iv.pointers);
	strbuf_release(&iv.siblings);
	strbuf_release(&iv.overrun);
	strbuf_release(&iv.fits);
}

static void add_index_type(struct finding *f, CXCursor var)
{
	CXType t = clang_getCursorType(var);
	if (t.kind == CXType_Invalid)
		return;
	char *s = cx_take(clang_getTypeSpelling(clang_getCanonicalType(t)));
	finding_add_evidence(f, "clang_index_type", s);
	free(s);
}

static int has_clang_facts(const struct finding *f)
{
	for (size_t i = 0; i < f->nev; i++)
		if (starts_with(f->ev[i].name, "clang_") && strcmp(f->ev[i].name, "clang_parse_errors"))
			return 1;
	return 0;
}

/* Every fact for one finding; each fact function adds nothing it cannot resolve. */
static void facts_for_finding(struct file_ctx *fc, struct finding *f)
{
	const struct fn_extent *fn = function_at(fc, f->line);
	struct loop_info li;
	CXCursor bound = clang_getNullCursor(), rec = clang_getNullCursor();
	int have_bound = 0, have_value = 0;
	long long value = 0;

	if (fc->nerrors) {
		char buf[24];
		snprintf(buf, sizeof(buf), "%u", fc->nerrors);
		finding_add_evidence(f, "clang_parse_errors", buf);
	}
	memset(&li, 0, sizeof(li));
	if (fn) {
		add_function_extent(f, fn);
		find_loop(fc, fn->cursor, f, &li);
		if (li.have_bound) {
			bound = li.bound;
			have_bound = 1;
		} else {
			have_bound = find_key_on_line(fc, fn->cursor, f, &bound);
		}
	}
	if (have_bound) {
		add_bound_type(f, bound);
		add_bound_decl(f, bound);
		have_value = bound_value(bound, &value);
		if (have_value) {
			char buf[32];
			snprintf(buf, sizeof(buf), "%lld", value);
			finding_add_evidence(f, "clang_bound_value", buf);
		}
		rec = add_bound_struct(fc, f, bound);
	}
	add_macros(fc, f, have_bound ? &bound : NULL);
	if (li.have_var) {
		add_index_type(f, li.var);
		add_array_sizes(fc, f, &li, rec, have_value, value);
	}
}

/* ---- parsing ---- */

struct args {
	char *v[32];
	int n;
};

static void arg(struct args *a, char *s)	/* takes ownership */
{
	if (a->n < (int)ARRAY_SIZE(a->v))
		a->v[a->n++] = s;
	else
		free(s);
}

static void arg_dir(struct args *a, const char *root, const char *dir)
{
	char *p = xasprintf("%s/%s", root, dir);
	if (is_dir(p))
		arg(a, xasprintf("-I%s", p));
	free(p);
}

static void arg_include(struct args *a, const char *root, const char *file)
{
	char *p = xasprintf("%s/%s", root, file);
	if (is_file(p)) {
		arg(a, xstrdup("-include"));
		arg(a, p);
	} else {
		free(p);
	}
}

/*
 * What a build would have generated, for a tree without one. Kbuild writes
 * asm/X.h wrappers ("#include <asm-generic/X.h>") for every generic header
 * the arch does not provide, and generated/autoconf.h from .config; without
 * them nearly every kernel header fails (asm/types.h is a wrapper). We hand
 * clang the same wrappers as in-memory files in a directory searched after
 * the arch's own, and a minimal autoconf.h for x86_64: the options that
 * choosing arch/x86 64-bit implies, and the few the core headers #error on.
 */
struct fallback {
	char *dir;
	struct CXUnsavedFile *v;
	size_t n, alloc;
	long autoconf;		/* index of generated/autoconf.h in v, or -1 */
};

static const char minimal_autoconf[] =
	"#define CONFIG_64BIT 1\n#define CONFIG_MMU 1\n#define CONFIG_SMP 1\n"
	"#define CONFIG_NR_CPUS 64\n#define CONFIG_HZ 250\n#define CONFIG_TREE_RCU 1\n";
static const char minimal_autoconf_x86[] =
	"#define CONFIG_64BIT 1\n#define CONFIG_MMU 1\n#define CONFIG_SMP 1\n"
	"#define CONFIG_NR_CPUS 64\n#define CONFIG_HZ 250\n#define CONFIG_TREE_RCU 1\n"
	"#define CONFIG_X86 1\n#define CONFIG_X86_64 1\n#define CONFIG_X86_L1_CACHE_SHIFT 6\n";

static void fallback_add(struct fallback *fb, char *name, char *contents)	/* takes both */
{
	for (size_t i = 0; i < fb->n; i++) {
		if (!strcmp(fb->v[i].Filename, name)) {
			free(name);
			free(contents);
			return;
		}
	}
	if (fb->n == fb->alloc) {
		fb->alloc = fb->alloc ? 2 * fb->alloc : 256;
		fb->v = xrealloc(fb->v, fb->alloc * sizeof(*fb->v));
	}
	fb->v[fb->n].Filename = name;
	fb->v[fb->n].Contents = contents;
	fb->v[fb->n].Length = strlen(contents);
	fb->n++;
}

static void fallback_wrappers(struct fallback *fb, const char *root, const char *generic)
{
	char *path = xasprintf("%s/%s", root, generic);
	DIR *d = opendir(path);
	struct dirent *de;
	free(path);
	if (!d)
		return;
	while ((de = readdir(d)))
		if (ends_with(de->d_name, ".h"))
			fallback_add(fb, xasprintf("%s/asm/%s", fb->dir, de->d_name),
				     xasprintf("#include <asm-generic/%s>\n", de->d_name));
	closedir(d);
}

static void fallback_init(struct fallback *fb, const char *root, int kernel)
{
	memset(fb, 0, sizeof(*fb));
	fb->autoconf = -1;
	if (!kernel)
		return;
	/* never created on disk: a name clang can only find among the unsaved files */
	fb->dir = xasprintf("%s/.lockers-clang-generated", root);
	fallback_wrappers(fb, root, "include/asm-generic");
	fallback_wrappers(fb, root, "include/uapi/asm-generic");
	char *conf = xasprintf("%s/include/generated/autoconf.h", root);
	fb->autoconf = -1;
	if (!is_file(conf)) {
		fb->autoconf = (long)fb->n;
		fallback_add(fb, xasprintf("%s/generated/autoconf.h", fb->dir), xstrdup(minimal_autoconf));
	}
	free(conf);
}

static void fallback_release(struct fallback *fb)
{
	for (size_t i = 0; i < fb->n; i++) {
		free((char *)fb->v[i].Filename);
		free((char *)fb->v[i].Contents);
	}
	free(fb->v);
	free(fb->dir);
}

/*
 * Command line for one file. A kernel tree gets what Kbuild passes for x86
 * (include directories, no system headers, the forced includes that define
 * IS_ENABLED, __user and __iomem), then the fallback directory; generated
 * headers that are still missing are errors clang keeps going after.
 */
/*
 * The arch whose headers a file is built with: its own under arch/<A>/ (an
 * arm64 file does not parse against x86's asm/), else x86.
 */
static char *file_arch(const char *root, const char *path)
{
	if (starts_with(path, "arch/")) {
		const char *a = path + 5, *end = strchr(a, '/');
		if (end) {
			char *arch = xstrndup(a, (size_t)(end - a));
			char *inc = xasprintf("%s/arch/%s/include", root, arch);
			int ok = is_dir(inc);
			free(inc);
			if (ok)
				return arch;
			free(arch);
		}
	}
	return xstrdup("x86");
}

static void build_args(struct args *a, const char *root, const char *path, int kernel,
		       struct fallback *fb)
{
	char *arch = file_arch(root, path), *d;
	a->n = 0;
	if (fb->autoconf >= 0) {	/* the x86 options only for x86 */
		const char *c = !strcmp(arch, "x86") ? minimal_autoconf_x86 : minimal_autoconf;
		free((char *)fb->v[fb->autoconf].Contents);
		fb->v[fb->autoconf].Contents = xstrdup(c);
		fb->v[fb->autoconf].Length = strlen(c);
	}
	arg(a, xstrdup("-xc"));
	arg(a, xstrdup("-std=gnu11"));
	arg(a, xstrdup("-w"));			/* warnings cost time and are not facts */
	arg(a, xstrdup("-ferror-limit=0"));	/* never stop at the 20th error */
	if (kernel) {
		arg(a, xstrdup("-nostdinc"));
		arg(a, xstrdup("-D__KERNEL__"));
		arg(a, xstrdup("-DKBUILD_MODNAME=\"lockers\""));
		arg(a, xstrdup("-DKBUILD_BASENAME=\"lockers\""));
		arg_dir(a, root, d = xasprintf("arch/%s/include", arch));
		free(d);
		arg_dir(a, root, d = xasprintf("arch/%s/include/generated", arch));
		free(d);
		arg_dir(a, root, "include");
		arg_dir(a, root, d = xasprintf("arch/%s/include/uapi", arch));
		free(d);
		arg_dir(a, root, d = xasprintf("arch/%s/include/generated/uapi", arch));
		free(d);
		arg_dir(a, root, "include/uapi");
		arg_dir(a, root, "include/generated/uapi");
		if (fb->dir)
			arg(a, xasprintf("-I%s", fb->dir));
		arg_include(a, root, "include/linux/kconfig.h");
		arg_include(a, root, "include/linux/compiler_types.h");
	}
	char *dir = xasprintf("%s/%s", root, path);
	char *slash = strrchr(dir, '/');
	*slash = 0;
	arg(a, xasprintf("-I%s", dir));
	free(dir);
	free(arch);
}

static unsigned count_errors(CXTranslationUnit tu)
{
	unsigned n = clang_getNumDiagnostics(tu), errors = 0;
	for (unsigned i = 0; i < n; i++) {
		CXDiagnostic d = clang_getDiagnostic(tu, i);
		if (clang_getDiagnosticSeverity(d) >= CXDiagnostic_Error)
			errors++;
		clang_disposeDiagnostic(d);
	}
	return errors;
}

/* Parse one file and add facts to its findings v[0..n); returns 1 if parsed. */
static int evidence_file(CXIndex idx, const char *root, int kernel, struct fallback *fb,
			 struct finding **v, size_t n, unsigned *nerrors)
{
	struct args a;
	struct file_ctx fc = { 0 };
	char *abs = xasprintf("%s/%s", root, v[0]->path);
	unsigned flags = CXTranslationUnit_DetailedPreprocessingRecord | CXTranslationUnit_Incomplete |
			 CXTranslationUnit_KeepGoing;
	int fd = open_regular(abs, NULL);	/* libclang would block on a FIFO */

	if (fd < 0) {
		free(abs);
		return 0;
	}
	close(fd);
	build_args(&a, root, v[0]->path, kernel, fb);
	enum CXErrorCode e = clang_parseTranslationUnit2(idx, abs, (const char *const *)a.v, a.n,
							 fb->v, (unsigned)fb->n, flags, &fc.tu);
	for (int i = 0; i < a.n; i++)
		free(a.v[i]);
	if (e != CXError_Success || !fc.tu) {
		free(abs);
		return 0;
	}
	fc.main = clang_getFile(fc.tu, abs);
	free(abs);
	fc.root = root;
	fc.nerrors = *nerrors = count_errors(fc.tu);
	clang_visitChildren(clang_getTranslationUnitCursor(fc.tu), collect_functions, &fc);
	for (size_t i = 0; i < n; i++)
		facts_for_finding(&fc, v[i]);
	free(fc.fns);
	clang_disposeTranslationUnit(fc.tu);
	return 1;
}

static int cmp_path(const void *pa, const void *pb)
{
	const struct finding *a = *(struct finding *const *)pa, *b = *(struct finding *const *)pb;
	int c = strcmp(a->path, b->path);
	return c ? c : (a->line > b->line) - (a->line < b->line);
}

int evidence_add_clang(struct finding_list *findings, const char *root, int is_kernel_tree,
		       struct evidence_stats *st, char *err, size_t errlen)
{
	double t0 = now_seconds();
	struct evidence_stats zero = { 0 };
	*st = zero;
	if (!findings->nr)
		return 0;
	CXIndex idx = clang_createIndex(0, 0);
	if (!idx) {
		snprintf(err, errlen, "libclang: cannot create an index");
		return -1;
	}
	struct fallback fb;
	fallback_init(&fb, root, is_kernel_tree);
	/* Group by file without disturbing the caller's order. */
	struct finding **v = xmalloc(findings->nr * sizeof(*v));
	memcpy(v, findings->v, findings->nr * sizeof(*v));
	qsort(v, findings->nr, sizeof(*v), cmp_path);
	for (size_t i = 0, j; i < findings->nr; i = j) {
		unsigned nerrors = 0;
		for (j = i + 1; j < findings->nr && !strcmp(v[j]->path, v[i]->path); j++)
			;
		st->files++;
		if (evidence_file(idx, root, is_kernel_tree, &fb, v + i, j - i, &nerrors)) {
			st->files_parsed++;
			st->files_with_errors += nerrors > 0;
		}
	}
	for (size_t i = 0; i < findings->nr; i++) {
		st->findings++;
		st->findings_with_facts += has_clang_facts(v[i]);
	}
	free(v);
	fallback_release(&fb);
	clang_disposeIndex(idx);
	st->seconds = now_seconds() - t0;
	return 0;
}
