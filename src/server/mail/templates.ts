/** Plain, accessible mail bodies: one message, one button, the link spelled out for copy-paste. */
export function actionMail(options: {
  appName: string;
  to: string;
  subject: string;
  intro: string;
  actionLabel: string;
  url: string;
  outro?: string;
}) {
  const { appName, to, subject, intro, actionLabel, url, outro } = options;
  const text = [intro, "", `${actionLabel}: ${url}`, "", outro ?? "", `— ${appName}`].join("\n");
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#111;max-width:560px;margin:auto;padding:24px">
<h1 style="font-size:20px;color:#166534">${escapeHtml(appName)}</h1>
<p>${escapeHtml(intro)}</p>
<p><a href="${escapeHtml(url)}" style="display:inline-block;background:#15803d;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(actionLabel)}</a></p>
<p style="font-size:13px;color:#555">Or open this link: <br><a href="${escapeHtml(url)}">${escapeHtml(url)}</a></p>
${outro ? `<p style="font-size:13px;color:#555">${escapeHtml(outro)}</p>` : ""}
</body></html>`;
  return { to, subject, text, html };
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
