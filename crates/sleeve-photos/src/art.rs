//! The card's printed map art: a light wash (parchment, greens, blues, browns) with coastlines,
//! an optional thin grid, roads, and small marks (dots, icons, text-like strokes, compass roses
//! with thin rings). Nothing is red and nothing is printed within 1 mm of the card's edge.

use crate::geom::{CARD_H, CARD_RADIUS, CARD_W, P, p, rounded_rect_sdf};
use crate::rng::{Draw, fractal};

pub type Rgb = [f32; 3];

/// A shape in card millimetres.
#[derive(Debug, Clone)]
pub enum Shape {
    Disc {
        c: P,
        r: f64,
    },
    /// A ring with radius `r` to the middle of a stroke `w` wide.
    Ring {
        c: P,
        r: f64,
        w: f64,
    },
    Poly(Vec<P>),
    /// A polyline of width `w` with round ends.
    Line {
        pts: Vec<P>,
        w: f64,
    },
}

#[derive(Debug, Clone)]
pub struct Mark {
    pub shape: Shape,
    pub colour: Rgb,
    pub alpha: f32,
}

#[derive(Debug, Clone)]
pub struct Grid {
    pub spacing: f64,
    pub width: f64,
    pub angle: f64,
    pub offset: P,
    pub colour: Rgb,
    pub alpha: f32,
}

/// Everything printed on the card except the dark areas and the laces.
#[derive(Debug, Clone)]
pub struct Art {
    /// Plain card stock between the edge and the print (at least 1 mm).
    pub border: f64,
    pub stock: Rgb,
    pub key: u64,
    /// Millimetres per unit of the land/sea noise.
    pub scale: f64,
    pub sea_level: f64,
    pub land: Rgb,
    pub sea: Rgb,
    pub hill: Rgb,
    pub coast: Option<(Rgb, f64)>,
    pub grid: Option<Grid>,
    pub marks: Vec<Mark>,
}

/// Light colours of the wash.
const PARCHMENTS: [Rgb; 3] = [
    [236.0, 224.0, 190.0],
    [226.0, 212.0, 172.0],
    [240.0, 232.0, 210.0],
];
const GREENS: [Rgb; 3] = [
    [196.0, 220.0, 172.0],
    [178.0, 206.0, 150.0],
    [210.0, 226.0, 190.0],
];
const BLUES: [Rgb; 3] = [
    [188.0, 214.0, 230.0],
    [170.0, 200.0, 222.0],
    [205.0, 225.0, 236.0],
];
const BROWNS: [Rgb; 3] = [
    [212.0, 188.0, 148.0],
    [200.0, 172.0, 128.0],
    [222.0, 200.0, 160.0],
];
/// Colours of marks, lines and icons: browns, greens, blues, greys. Never red, and never as dark
/// as a dark area: every ink keeps a luminance of at least 28% after `pick`'s jitter.
pub const INKS: [Rgb; 10] = [
    [120.0, 86.0, 48.0],
    [108.0, 80.0, 46.0],
    [150.0, 112.0, 66.0],
    [60.0, 110.0, 60.0],
    [48.0, 92.0, 58.0],
    [60.0, 100.0, 150.0],
    [56.0, 86.0, 134.0],
    [90.0, 90.0, 90.0],
    [170.0, 140.0, 96.0],
    [110.0, 140.0, 170.0],
];

fn pick(d: &mut Draw, colours: &[Rgb]) -> Rgb {
    let c = colours[d.int(0, colours.len() as u32 - 1) as usize];
    let k = d.range(-8.0, 8.0) as f32;
    [c[0] + k, c[1] + k, c[2] + k].map(|v| v.clamp(0.0, 255.0))
}

/// Whether `q` lies where the card may carry print (the card inset by `border`).
pub fn printable_sdf(q: P, border: f64) -> f64 {
    rounded_rect_sdf(
        q,
        border,
        border,
        CARD_W - border,
        CARD_H - border,
        (CARD_RADIUS - border).max(0.5),
    )
}

pub fn sample_art(d: &mut Draw) -> Art {
    let border = d.range_edges(1.0, 3.0);
    let washes = [&PARCHMENTS[..], &GREENS[..], &BLUES[..], &BROWNS[..]];
    let land_kind = d.weighted(&[3.0, 2.0, 0.5, 1.5]);
    let land = pick(d, washes[land_kind]);
    let sea_kind = d.weighted(&[0.5, 0.5, 3.0, 0.5]);
    let sea = pick(d, washes[sea_kind]);
    let hill_kind = d.weighted(&[0.5, 1.0, 0.2, 2.0]);
    let hill = pick(d, washes[hill_kind]);
    let coast = d.chance(0.7).then(|| (pick(d, &INKS), d.range(0.15, 0.6)));
    let grid = d.chance(0.5).then(|| Grid {
        spacing: d.range_edges(4.0, 15.0),
        width: d.range(0.08, 0.3),
        angle: if d.chance(0.6) {
            0.0
        } else {
            d.range(-0.8, 0.8)
        },
        offset: p(d.range(0.0, 15.0), d.range(0.0, 15.0)),
        colour: pick(d, &INKS),
        alpha: d.range(0.3, 0.8) as f32,
    });
    let mut art = Art {
        border,
        stock: pick(
            d,
            &[
                [244.0, 240.0, 228.0],
                [236.0, 226.0, 200.0],
                [248.0, 248.0, 244.0],
            ],
        ),
        key: d.key(),
        scale: d.range(8.0, 30.0),
        sea_level: d.range(0.3, 0.65),
        land,
        sea,
        hill,
        coast,
        grid,
        marks: Vec::new(),
    };
    if d.chance(0.3) {
        frame(d, &mut art);
    }
    let roads = d.int(0, 4);
    for _ in 0..roads {
        road(d, &mut art);
    }
    let marks = d.int(4, 40);
    for _ in 0..marks {
        mark(d, &mut art);
    }
    art
}

/// A point where print may go, at least `room` mm inside the printable area.
fn spot(d: &mut Draw, border: f64, room: f64) -> P {
    loop {
        let q = p(d.range(0.0, CARD_W), d.range(0.0, CARD_H));
        if printable_sdf(q, border) <= -room {
            return q;
        }
    }
}

/// A printed frame line just inside the unprinted border, parallel to the card's edges: a
/// decoy outline that the card's own edge must be told from.
fn frame(d: &mut Draw, art: &mut Art) {
    let inset = art.border + d.range(0.3, 2.0);
    let r = d.range(0.5, 4.0);
    let (x0, y0, x1, y1) = (inset + r, inset + r, CARD_W - inset - r, CARD_H - inset - r);
    let centres = [p(x1, y0), p(x1, y1), p(x0, y1), p(x0, y0)];
    let mut pts = Vec::new();
    for (i, c) in centres.iter().enumerate() {
        // Quarter arcs, starting at the top-right corner's upper end and going clockwise.
        for k in 0..=8 {
            let a = -std::f64::consts::FRAC_PI_2
                + (i as f64 + f64::from(k) / 8.0) * std::f64::consts::FRAC_PI_2;
            pts.push(*c + P::polar(a) * r);
        }
    }
    pts.push(pts[0]);
    let shape = Shape::Line {
        pts,
        w: d.range(0.2, 0.8),
    };
    art.marks.push(Mark {
        shape,
        colour: pick(d, &INKS),
        alpha: d.range(0.7, 1.0) as f32,
    });
}

/// A smooth wandering path, solid or dashed.
fn road(d: &mut Draw, art: &mut Art) {
    let mut q = spot(d, art.border, 0.0);
    let mut heading = d.range(0.0, std::f64::consts::TAU);
    let steps = d.int(20, 120);
    let mut pts = vec![q];
    for _ in 0..steps {
        heading += d.range(-0.25, 0.25);
        q = q + P::polar(heading) * 1.0;
        pts.push(q);
    }
    let colour = pick(d, &INKS);
    let w = d.range(0.25, 1.0);
    let alpha = d.range(0.5, 1.0) as f32;
    if d.chance(0.4) {
        let dash = d.int(1, 3) as usize;
        for chunk in pts.chunks(dash + 1).step_by(2) {
            if chunk.len() > 1 {
                art.marks.push(Mark {
                    shape: Shape::Line {
                        pts: chunk.to_vec(),
                        w,
                    },
                    colour,
                    alpha,
                });
            }
        }
    } else {
        art.marks.push(Mark {
            shape: Shape::Line { pts, w },
            colour,
            alpha,
        });
    }
}

fn mark(d: &mut Draw, art: &mut Art) {
    let colour = pick(d, &INKS);
    let alpha = d.range(0.6, 1.0) as f32;
    let c = spot(d, art.border, 0.5);
    let mut push = |shape| {
        art.marks.push(Mark {
            shape,
            colour,
            alpha,
        })
    };
    match d.weighted(&[3.0, 2.0, 2.0, 1.5, 2.0, 1.0]) {
        0 => push(Shape::Disc {
            c,
            r: d.range(0.2, 1.5),
        }),
        1 => {
            // Mountain or tent: a small triangle.
            let s = d.range(1.5, 5.0);
            let a = d.range(-0.3, 0.3);
            let pts = [p(-0.5, 0.4), p(0.5, 0.4), p(0.0, -0.5)];
            push(Shape::Poly(
                pts.iter().map(|v| c + v.rotate(a) * s).collect(),
            ));
        }
        2 => {
            // A house or a tower: a small square, or a tree (disc over a stem).
            let s = d.range(1.0, 3.0);
            if d.chance(0.5) {
                let pts = [p(-0.5, -0.5), p(0.5, -0.5), p(0.5, 0.5), p(-0.5, 0.5)];
                push(Shape::Poly(pts.iter().map(|v| c + *v * s).collect()));
            } else {
                push(Shape::Line {
                    pts: vec![c, c + p(0.0, s)],
                    w: s * 0.25,
                });
                push(Shape::Disc { c, r: s * 0.5 });
            }
        }
        3 => text_line(d, c, &mut push),
        4 => compass_rose(d, c, &mut push),
        _ => {
            // A short free stroke.
            let a = d.range(0.0, std::f64::consts::TAU);
            let l = d.range(1.0, 6.0);
            let bend = P::polar(a + 1.57) * d.range(-0.8, 0.8);
            let pts = vec![c, c + P::polar(a) * (l / 2.0) + bend, c + P::polar(a) * l];
            push(Shape::Line {
                pts,
                w: d.range(0.15, 0.6),
            });
        }
    }
}

/// A row of short strokes that reads like a printed place name.
fn text_line(d: &mut Draw, start: P, push: &mut impl FnMut(Shape)) {
    let h = d.range(0.6, 1.6);
    let w = d.range(0.12, 0.3);
    let letters = d.int(3, 14);
    let mut x = start;
    for i in 0..letters {
        if i % 5 == 4 {
            x = x + p(h * 0.8, 0.0);
            continue;
        }
        let lean = d.range(-0.3, 0.3) * h;
        push(Shape::Line {
            pts: vec![x, x + p(lean, -h * d.range(0.6, 1.0))],
            w,
        });
        x = x + p(h * d.range(0.45, 0.75), 0.0);
    }
}

/// One or two thin rings with star points: radii overlap the Hook circles' range on purpose.
fn compass_rose(d: &mut Draw, c: P, push: &mut impl FnMut(Shape)) {
    let r = d.range(2.0, 8.0);
    push(Shape::Ring {
        c,
        r,
        w: d.range(0.15, 0.8),
    });
    if d.chance(0.5) {
        push(Shape::Ring {
            c,
            r: r * d.range(0.45, 0.75),
            w: d.range(0.1, 0.4),
        });
    }
    let points = [4u32, 8][d.int(0, 1) as usize];
    let turn = d.range(0.0, 0.8);
    for i in 0..points {
        let a = turn + f64::from(i) * std::f64::consts::TAU / f64::from(points);
        let len = if i % 2 == 0 { r * 1.3 } else { r * 0.9 };
        let side = P::polar(a + std::f64::consts::FRAC_PI_2) * (r * 0.12);
        push(Shape::Poly(vec![c + side, c + P::polar(a) * len, c - side]));
    }
}

/// The land/sea noise at `q` (the coastline is where it crosses `sea_level`).
pub fn land_noise(art: &Art, q: P) -> f64 {
    fractal(art.key, q.x / art.scale, q.y / art.scale, 4)
}

/// The print colour under the marks at `q` (the wash, coastlines and grid), given the land
/// noise `n` there and its gradient length `grad` per mm; `texel` is the texture's texel size
/// in mm, for smooth edges.
pub fn wash(art: &Art, q: P, n: f64, grad: f64, texel: f64) -> Rgb {
    let t = ((n - art.sea_level) / 0.04).clamp(-1.0, 1.0) * 0.5 + 0.5;
    let mut c = mix(art.sea, art.land, t as f32);
    if n > art.sea_level {
        let hills = fractal(
            art.key ^ 0x4111,
            q.x / art.scale * 1.7,
            q.y / art.scale * 1.7,
            3,
        );
        let h = ((hills - 0.55) / 0.1).clamp(0.0, 1.0) as f32;
        c = mix(c, art.hill, h * 0.8);
    }
    let fine = fractal(art.key ^ 0x7e47, q.x * 1.5, q.y * 1.5, 2) as f32;
    c = c.map(|v| v * (0.96 + 0.06 * fine));
    if let Some((colour, width)) = art.coast
        && grad > 1e-9
    {
        // Distance to the coast from the noise and its gradient (a first-order estimate).
        let dist = (n - art.sea_level).abs() / grad;
        let cov = (0.5 - (dist - width / 2.0) / texel).clamp(0.0, 1.0) as f32;
        c = mix(c, colour, cov * 0.9);
    }
    if let Some(g) = &art.grid {
        let v = (q - g.offset).rotate(-g.angle);
        let cov = |t: f64| {
            let m = t.rem_euclid(g.spacing);
            let dist = m.min(g.spacing - m);
            (0.5 - (dist - g.width / 2.0) / texel).clamp(0.0, 1.0)
        };
        let k = cov(v.x).max(cov(v.y)) as f32;
        c = mix(c, g.colour, k * g.alpha);
    }
    c
}

pub fn mix(a: Rgb, b: Rgb, t: f32) -> Rgb {
    [
        a[0] + (b[0] - a[0]) * t,
        a[1] + (b[1] - a[1]) * t,
        a[2] + (b[2] - a[2]) * t,
    ]
}
