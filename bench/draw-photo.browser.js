// Runs in the browser (read as text by photos.ts, so no build step touches it): draws a seeded site photo
// and answers its JPEG bytes as base64.
async ({ width, height, quality, seed }) => {
  let state = seed >>> 0 || 1;
  const random = () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 4294967296;
  };
  const canvas = new OffscreenCanvas(width, height);
  const ctx = canvas.getContext("2d");
  if (!ctx) throw new Error("no 2d context");
  const sky = ctx.createLinearGradient(0, 0, 0, height * 0.5);
  sky.addColorStop(0, `hsl(${200 + random() * 20} 60% 55%)`);
  sky.addColorStop(1, `hsl(${200 + random() * 20} 40% 85%)`);
  ctx.fillStyle = sky;
  ctx.fillRect(0, 0, width, height * 0.5);
  const ground = ctx.createLinearGradient(0, height * 0.5, 0, height);
  ground.addColorStop(0, "hsl(30 25% 45%)");
  ground.addColorStop(1, "hsl(25 30% 25%)");
  ctx.fillStyle = ground;
  ctx.fillRect(0, height * 0.5, width, height * 0.5);
  // Gravel, mud and clutter: many small shapes, which is what makes a site photo heavy.
  for (let i = 0; i < 60_000; i++) {
    const x = random() * width;
    const y = height * 0.45 + random() * height * 0.55;
    const r = 1 + random() * (width / 400);
    ctx.fillStyle = `hsl(${20 + random() * 30} ${10 + random() * 30}% ${15 + random() * 50}%)`;
    ctx.fillRect(x, y, r, r);
  }
  // A machine: body, cab, boom and tracks with some shading.
  const mx = width * (0.2 + random() * 0.2);
  const my = height * 0.35;
  ctx.fillStyle = "hsl(45 90% 50%)";
  ctx.fillRect(mx, my, width * 0.35, height * 0.2);
  ctx.fillStyle = "hsl(200 30% 30%)";
  ctx.fillRect(mx + width * 0.05, my - height * 0.12, width * 0.12, height * 0.12);
  ctx.strokeStyle = "hsl(45 80% 40%)";
  ctx.lineWidth = width / 60;
  ctx.beginPath();
  ctx.moveTo(mx + width * 0.3, my);
  ctx.lineTo(mx + width * 0.5, my - height * 0.2);
  ctx.lineTo(mx + width * 0.6, my + height * 0.1);
  ctx.stroke();
  ctx.fillStyle = "hsl(0 0% 12%)";
  ctx.fillRect(mx - width * 0.02, my + height * 0.2, width * 0.4, height * 0.07);
  // Sensor noise over everything.
  const image = ctx.getImageData(0, 0, width, height);
  const data = image.data;
  for (let i = 0; i < data.length; i += 4) {
    const n = (random() - 0.5) * 18;
    data[i] = data[i] + n;
    data[i + 1] = data[i + 1] + n;
    data[i + 2] = data[i + 2] + n;
  }
  ctx.putImageData(image, 0, 0);
  const blob = await canvas.convertToBlob({ type: "image/jpeg", quality });
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary);
};
