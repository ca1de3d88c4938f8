import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Button, ButtonAnchor, ButtonLink, SubmitButton, buttonClass } from './button';
import { Field, Input, Select, Textarea } from './field';
import { PageHeader } from './page-header';
import { TextAnchor, TextLink, textLinkClass } from './text-link';

const html = (node: React.ReactElement) => renderToStaticMarkup(node);

describe('Button', () => {
  it('is type="button" unless it says otherwise, so a button in a form submits only when meant to', () => {
    expect(html(<Button>Close</Button>)).toMatch(/^<button type="button" class="[^"]+">Close<\/button>$/);
    expect(html(<Button type="submit">Go</Button>)).toContain('type="submit"');
  });

  it('passes through what a button takes: name and value, form, disabled, aria-*, data-*', () => {
    const out = html(
      <Button type="submit" name="intent" value="revoke" form="f1" disabled aria-label="Revoke the token of Ann" aria-describedby="help" data-testid="t">
        Revoke
      </Button>,
    );
    for (const attribute of ['name="intent"', 'value="revoke"', 'form="f1"', 'disabled=""', 'aria-label="Revoke the token of Ann"', 'aria-describedby="help"', 'data-testid="t"']) {
      expect(out).toContain(attribute);
    }
  });

  it('draws primary in the brand blue, secondary and danger on white, and adds layout classes after the look', () => {
    expect(buttonClass({ variant: 'primary' })).toContain('bg-brand-700');
    expect(buttonClass({ variant: 'primary' })).toContain('text-white');
    expect(buttonClass()).toContain('bg-white');
    expect(buttonClass({ variant: 'danger' })).toContain('border-red-700');
    expect(buttonClass({ size: 'sm' })).toContain('min-h-8');
    expect(buttonClass({ className: 'w-full' }).endsWith(' w-full')).toBe(true);
    // One blue: no Tailwind blue anywhere in the kit's looks.
    for (const variant of ['primary', 'secondary', 'danger'] as const) expect(buttonClass({ variant })).not.toMatch(/\b(blue|indigo)-\d/);
  });
});

describe('SubmitButton', () => {
  it('submits, in the primary look, with its children as its name while idle', () => {
    const out = html(
      <SubmitButton pending={false} pendingText="Saving…">
        Save
      </SubmitButton>,
    );
    expect(out).toContain('type="submit"');
    expect(out).not.toContain('disabled="');
    expect(out).toContain('bg-brand-700');
    expect(out).toMatch(/>Save<\/button>$/);
  });

  it('is disabled and says what it is doing while pending', () => {
    const out = html(
      <SubmitButton pending pendingText="Saving…">
        Save
      </SubmitButton>,
    );
    expect(out).toContain('disabled=""');
    expect(out).toMatch(/>Saving…<\/button>$/);
  });

  it('stays disabled when the form says so even while idle, and keeps its text without pendingText', () => {
    expect(html(<SubmitButton disabled>Send</SubmitButton>)).toContain('disabled=""');
    expect(html(<SubmitButton pending>Send</SubmitButton>)).toMatch(/disabled="">Send<\/button>$/);
  });
});

describe('links', () => {
  it('ButtonLink and ButtonAnchor are links (role link) in a button look', () => {
    const link = html(<ButtonLink href="/watchlists">Continue</ButtonLink>);
    expect(link).toMatch(/^<a [^>]*href="\/watchlists"/);
    expect(link).toContain('border-slate-500');
    const anchor = html(
      <ButtonAnchor href="/api/bulk/1/download?format=csv" download>
        Download CSV
      </ButtonAnchor>,
    );
    expect(anchor).toMatch(/^<a href="\/api\/bulk\/1\/download\?format=csv" download="" class="[^"]+">Download CSV<\/a>$/);
  });

  it('TextLink and TextAnchor are underlined brand links, with a weight and layout classes', () => {
    expect(textLinkClass()).toBe('text-brand-700 underline hover:text-brand-800');
    expect(textLinkClass({ weight: 'medium', className: 'no-print' })).toBe('text-brand-700 underline hover:text-brand-800 font-medium no-print');
    const link = html(
      <TextLink href="/changes" prefetch={false} data-testid="x">
        Changes
      </TextLink>,
    );
    expect(link).toMatch(/^<a [^>]*href="\/changes"/);
    expect(link).toContain('class="text-brand-700 underline hover:text-brand-800"');
    expect(link).toContain('data-testid="x"');
    expect(html(<TextAnchor href="tel:+442071234567">020 7123 4567</TextAnchor>)).toBe(
      '<a href="tel:+442071234567" class="text-brand-700 underline hover:text-brand-800">020 7123 4567</a>',
    );
  });
});

describe('Field', () => {
  it('labels the control by id and says nothing more when there is no hint or error', () => {
    const out = html(
      <Field id="list-name" label="Name">
        <Input name="name" required />
      </Field>,
    );
    expect(out).toContain('<label for="list-name"');
    expect(out).toMatch(/<input [^>]*id="list-name"/);
    expect(out).not.toContain('aria-describedby="');
    expect(out).not.toContain('aria-invalid="');
  });

  it('ties the hint and the error to the control, keeps what the control already named, and marks it invalid', () => {
    const out = html(
      <Field id="audit-from" label="From" hint="dd/mm/yyyy, inclusive" error="Enter a date as dd/mm/yyyy.">
        <Input name="from" aria-describedby="page-rules" />
      </Field>,
    );
    expect(out).toContain('<p id="audit-from-hint" class="text-sm text-slate-600">dd/mm/yyyy, inclusive</p>');
    expect(out).toContain('<p id="audit-from-error" class="text-sm font-medium text-red-800"><span class="sr-only">Error: </span>Enter a date as dd/mm/yyyy.</p>');
    expect(out).toContain('aria-describedby="audit-from-hint audit-from-error page-rules"');
    expect(out).toContain('aria-invalid="true"');
  });

  it('says (optional) after the label, hides the label only from sight when asked, and wraps a select or a textarea alike', () => {
    const optional = html(
      <Field id="c" label="Case reference" optional>
        <Textarea name="c" />
      </Field>,
    );
    expect(optional).toMatch(/<label for="c" class="[^"]*">Case reference <span class="font-normal text-slate-600">\(optional\)<\/span><\/label>/);
    expect(optional).toMatch(/<textarea [^>]*id="c"/);
    const hidden = html(
      <Field id="r" label="Role for ann@example.com" hideLabel>
        <Select name="role">
          <option value="viewer">Viewer</option>
        </Select>
      </Field>,
    );
    expect(hidden).toContain('<label for="r" class="sr-only">');
    expect(hidden).toMatch(/<select [^>]*id="r"/);
  });

  it('gives a file input a chooser that looks like a button, and other inputs the one bordered control', () => {
    expect(html(<Input type="file" name="f" />)).toContain('file:border-slate-500');
    expect(html(<Input name="q" className="w-72" />)).toMatch(/class="rounded border border-slate-500 [^"]* w-72"/);
  });
});

describe('PageHeader', () => {
  it('is the page’s one h1 with its way back, description, actions and facts', () => {
    const out = html(
      <PageHeader
        caption={<TextLink href="/watchlists">Watchlists</TextLink>}
        title="Sanctions review"
        description="Firms under review."
        actions={<button type="button">Check now</button>}
      >
        <dl data-testid="facts" />
      </PageHeader>,
    );
    expect(out.match(/<h1/g)).toHaveLength(1);
    expect(out).toMatch(/<h1 [^>]*>Sanctions review<\/h1>/);
    expect(out.indexOf('Watchlists')).toBeLessThan(out.indexOf('<h1'));
    expect(out).toContain('Firms under review.');
    expect(out).toContain('<div class="no-print flex flex-wrap items-center gap-2"><button type="button">Check now</button></div>');
    expect(out).toContain('data-testid="facts"');
  });

  it('renders only the heading when that is all a page has', () => {
    expect(html(<PageHeader title="Saved reports" />)).toBe(
      '<header class="space-y-1"><div class="flex flex-wrap items-start justify-between gap-x-4 gap-y-2"><h1 class="min-w-0 text-2xl font-bold tracking-tight break-words text-slate-900">Saved reports</h1></div></header>',
    );
  });
});
