/* Elements from descriptions: SVG from nardy-draw.js's {tag, attrs, text, children}, and HTML.
   Text goes in as text (textContent), never as markup. */

const SVG = "http://www.w3.org/2000/svg";

export function svgElement(spec) {
  const element = document.createElementNS(SVG, spec.tag);
  for (const [name, value] of Object.entries(spec.attrs || {})) element.setAttribute(name, value);
  if (spec.text !== undefined) element.textContent = spec.text;
  for (const child of spec.children || []) element.append(svgElement(child));
  return element;
}

export function htmlElement(tag, attrs = {}, text) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === true) element.setAttribute(name, "");
    else if (value !== false && value !== null && value !== undefined) element.setAttribute(name, value);
  }
  if (text !== undefined) element.textContent = text;
  return element;
}
