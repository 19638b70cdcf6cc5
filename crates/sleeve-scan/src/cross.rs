//! The Lost Child cross on the canonical card: marker ink (black, blue, green) told from map art by
//! its darkness or saturation and its stroke width, then two strokes of a marker's length crossing
//! near both their middles, in one patch of ink, with film between the arms and arms that keep
//! their width (a compass rose's star tapers to points). Each patch that could be a cross and is
//! not clearly one lowers the confidence, so a missed or doubtful cross is reported; a patch with a
//! stroke shorter than two of a marker's shortest arms is only a near miss (`SHORTEST_STROKE_MM`).
//! When no patch is a cross, patches of one ink lying within 1 mm of each other are judged together
//! (glare over the crossing breaks a cross into its arms), and green ones with paler grey ones
//! among them (glare greys a green marker's crossing, `pieced`); when no sure cross is read yet,
//! each ink with its thin printed lines taken out (`thick`: a cross over a coastline of its ink), a
//! clean one there taking the place of doubted first-pass ones (where a rose was seen before the
//! opening, tapering or ringed, only arms that keep their width, `not_a_star`); then a cross whose
//! middle glare washed out is read from its arms apart (`faded`), never where a rose was seen; then
//! one the speck opening broke apart, from each ink's patches kept whole (`speckled`); then from
//! each ink's patches with every pixel's ink told from its neighbours' (`one_ink`: noise scatters a
//! navy marker's pixels between black and blue); then from each big patch's two tones apart (a dark
//! marker over a grey rose that passes for the same ink, `two_tones`); last, in a patch tangled
//! with art of its ink (a rose's hub, a road), from the ink round where two of its strongest
//! straight strokes cross (`untangle`); at the very last, from every ink as one, where each of
//! the cross's strokes is itself split between inks (`as_one`: a blurred black marker whose warm
//! rim tests as green). A cross found in any of these later ways is always doubted,
//! and so is one a stroke of which runs on in line past both its ends, as a printed grid line does
//! (`runs_through`), or one that bows as a ring's rim does (`bow`); one both of whose strokes
//! run on as thin printed lines is two grid lines crossing, never read by any stage (`through`).
//! Before any stage, a grey-looking patch is told against the paper round it: glare greys a green
//! marker, but what it takes from each channel keeps the marker's hue (`tint`).
//! A patch that a sure ring runs beside is art, not the cross (the contract keeps 3 mm of film
//! between them), and is never read (`clearance`); nor is a patch judged alone (in the first
//! pass, the thick one or the last) that barely stands out from what is around it, nor a cross
//! read from arms running over one (`contrast`: pale land that just passes for ink; a patch whose
//! cross's strokes stand out though the patch does not is read, `faint_cross`). Ink in regions
//! wider than any stroke (land or sea dark enough to pass for ink, the card's unprinted border
//! counting as theirs, `wide`), its pinholes closed, is taken out first (`WIDE_MM`, `SPECKLE_PX`),
//! all but the strokes standing out of it (`contrast::marks_on_land`).

use image::{GrayImage, RgbImage};

use crate::faded::from_arms;
use crate::geom::{Line, intersect, line_dist};
use crate::pixels::{blobs, open_square};
use crate::scan::Hook;
use crate::scan::{CrossAt, PX_PER_MM};
use crate::stroke::ransac_stroke;
use as_one::every_ink_as_one;
use bow::{BOWED_SCORE, bowed};
pub use clearance::SURE_RING;
use clearance::clear_of;
use contrast::{faint_cross, on_faint_patch};
use inks::of_class;
#[cfg(test)]
use inks::with_inks;
pub use inks::{InkMasks, ink_mask, is_ink};
use one_ink::one_ink;
use pieced::pieced;
use ringed::ringed;
use speckled::speckled;
pub(crate) use taper::OVERRULED_SCORE;
use taper::{STEADY, median_taper, own_taper_overruled, tapers};
use through::{RUNS_THROUGH_SCORE, off_grid, runs_through};
use two_tones::two_tones;
use untangle::untangled;

/// The strip along the card's edge (mm) that the cross's stages leave alone: nothing is printed
/// within 1 mm of the edge, and 0.2 mm more allows for blur.
const EDGE_MM: f64 = 1.2;

/// One patch of ink judged as a cross: where its strokes meet, and how sure that it is one.
struct Candidate {
    at: [f64; 2],
    /// Half the mean stroke length, pixels.
    arm: f64,
    score: f64,
    /// The two strokes: each line and the span of its pixels along it.
    strokes: [(Line, (f64, f64)); 2],
    /// Whether it scored as a cross until its arms were seen to taper (`tapers`).
    tapered: bool,
}

/// A region of ink that holds a square about this wide (mm; the odd-sized square of whole pixels
/// is 4.1 mm) is art, not a marker's stroke: a stroke is at most 1.4 mm wide, and where two cross
/// the widest square inside is under 2 mm (blur adds a little). Land or sea dark or green enough
/// to pass for ink is taken out this way, and a cross drawn beside it stands apart. (On the
/// second generator's straightened tuning cards: from 4 mm one cross gained and none lost; 3 and
/// 3.5 mm left a region's ragged rim that read as crosses.)
const WIDE_MM: f64 = 4.0;

/// Before the `WIDE_MM` test, each ink's mask is closed by this many pixels (0.375 mm): sensor
/// noise and the JPEG leave pinholes in a pale land that passes for ink, and a region full of
/// pinholes holds no wide square. Closing fills gaps under 0.75 mm; two strokes 0.75 mm apart
/// are still under 4 mm together (1.4 + 0.75 + 1.4 mm at the widest), so a cross never becomes
/// wide. A stroke of the land's own ink running within 0.75 mm of its edge can lose the side
/// facing it, as a stroke touching the land already could. (On the second generator's tuning
/// photos, seeds 0-999: 931 -> 934 right, none lost; 1 or 2 px filled too few holes, 4 px read
/// two crosses not there.)
const SPECKLE_PX: usize = 3;

/// Whether a pixel of the canonical card lies in the strip along its edge (`EDGE_MM`) that the
/// cross's stages leave alone.
fn in_border(card: &GrayImage, x: u32, y: u32) -> bool {
    let m = (EDGE_MM * PX_PER_MM) as u32;
    x < m || y < m || x >= card.width() - m || y >= card.height() - m
}

/// The smallest cross's ink (pixels); a patch under a quarter of it is no cross and hides none.
const MIN_INK: f64 = 2.0 * 7.0 * 0.8 * PX_PER_MM * PX_PER_MM;

/// The cross and the confidence in the answer (present or absent).
pub fn cross(
    img: &RgbImage,
    reference: &GrayImage,
    dark: &GrayImage,
    rings: &[(Hook, f64)],
) -> (Option<CrossAt>, f64) {
    InkMasks::of(img, reference, dark).read(img, rings)
}

/// The cross's stages in turn on the card's inks, beside the rings read.
fn read_inks(inks: &Inks, rings: &[(Hook, f64)]) -> (Option<CrossAt>, f64) {
    let inks = *inks;
    let mut ev = Evidence::default();
    // A cross keeps clear of the rings: a patch beside a sure ring is set aside, never read, and
    // a later stage may find the cross elsewhere. (Beside a doubted ring, which may be invented,
    // a patch stays a rival to any other.)
    let mut aside = Vec::new();
    let mut roses = Vec::new();
    // Nor is a grid crossing read, whichever stage finds it (`off_grid`).
    let kept = |found: Vec<Candidate>, aside: &mut Vec<Candidate>| {
        clear_of(off_grid(found, inks.img, aside), rings, aside)
    };
    let mut found = kept(judge_patches(&inks, &mut ev, &mut roses), &mut aside);
    // Pieced crosses (broken by glare at their crossing, which no opening joins again) are kept.
    let first_pass = !found.is_empty();
    if found.is_empty() {
        found = kept(pieced(&inks, &mut ev, &mut roses), &mut aside);
    }
    // Only doubted crosses from the first pass (art with three open wedges, say): a clean cross
    // among the thick strokes takes their place. A marker's cross over a grid or a coastline of
    // its own ink is one patch with them, seen as a cross only there.
    // Each ink opened, for `thick` and, when nothing is read, `untangled`: made once.
    let mut opened: Option<Opened> = None;
    if found.is_empty() || (first_pass && found.iter().all(|c| c.score < FIRST_SURE)) {
        let mut near_rings = Vec::new();
        let o = opened.get_or_insert_with(|| Opened::of(&inks));
        let thick = off_grid(thick(&inks, o, &roses), inks.img, &mut aside);
        let mut thick = clear_of(thick, rings, &mut near_rings);
        // Set aside beside a ring, a thick cross counts no more than it would have been read at.
        aside.extend(near_rings.into_iter().map(|mut c| {
            c.score = c.score.min(THICK_SCORE);
            c
        }));
        if found.is_empty() || thick.iter().any(|c| c.score >= THICK_CLEAN) {
            thick.sort_by(|a, b| b.score.total_cmp(&a.score));
            for c in &mut thick {
                c.score = c.score.min(THICK_SCORE);
            }
            found = thick;
        }
    }
    if found.is_empty() {
        found = kept(faded(&inks, &roses), &mut aside);
    }
    if found.is_empty() {
        found = kept(speckled(&inks, &roses), &mut aside);
    }
    if found.is_empty() {
        found = kept(one_ink(&inks, &roses), &mut aside);
    }
    if found.is_empty() {
        found = kept(two_tones(&inks, &roses), &mut aside);
    }
    if found.is_empty() {
        let o = opened.get_or_insert_with(|| Opened::of(&inks));
        found = kept(untangled(&o.view(&inks), &roses), &mut aside);
    }
    if found.is_empty() {
        found = kept(every_ink_as_one(&inks, &roses), &mut aside);
    }
    // A cross-like patch a sure ring runs beside is art: never read, but "no cross" is less sure
    // with it about.
    for c in &aside {
        ev.near_miss = ev.near_miss.max(c.score);
    }
    found.sort_by(|a, b| b.score.total_cmp(&a.score));
    ev.best = found.first().map_or(0.0, |c| c.score);
    ev.second = found.get(1).map_or(0.0, |c| c.score);
    let at = found.first().map(|best| {
        let p = crossing::near(inks.any, best).unwrap_or(best.at);
        CrossAt {
            x: p[0] / PX_PER_MM,
            y: p[1] / PX_PER_MM,
        }
    });
    let conf = ev.confidence(at.is_some());
    (at, conf)
}

/// What the cross's stages read: the card, its ink of any kind (`ink_mask`, nonzero where inked:
/// an arm's width is measured on it, since a dark navy marker reads partly black, partly blue),
/// and each ink's mask and patches.
#[derive(Clone, Copy)]
struct Inks<'a> {
    img: &'a RgbImage,
    any: &'a GrayImage,
    per_ink: &'a [GrayImage],
    patches: &'a [Vec<Vec<usize>>],
}

/// Each ink's patches judged one by one (a patch with a long printed line of its ink is judged
/// without it): the patches read as a cross, with what the others tell `ev`. A crossing centred
/// in a thin printed ring is a compass rose's, whatever its arms: a marker's cross drawn over a
/// rose lands on the rose's centre only by chance (on the second generator's tuning photos,
/// seeds 0-999, letting steady arms overrule the ring read one rose as a cross and no true
/// cross). Where a patch is seen as a rose (`note_rose`) goes to `roses`.
fn judge_patches(inks: &Inks, ev: &mut Evidence, roses: &mut Vec<[f64; 2]>) -> Vec<Candidate> {
    let mut found: Vec<Candidate> = Vec::new();
    for (ink, blob) in inks
        .per_ink
        .iter()
        .zip(inks.patches)
        .flat_map(|(m, list)| list.iter().map(move |b| (m, b)))
    {
        if (blob.len() as f64) < 0.25 * MIN_INK {
            continue;
        }
        let pts = centres(blob, ink.width() as usize);
        let mut judged = judge_blob(inks, ink, &pts);
        note_rose(&judged, roses);
        // A cross drawn across a long printed line of its own ink (the art's frame, a road) is
        // one patch with it: the long straight lines are taken out and what is left is judged.
        if judged
            .as_ref()
            .is_none_or(|(c, ring)| !ring && c.score < 0.5)
            && (pts.len() as f64) >= MIN_INK
        {
            for part in without_long_lines(&pts, ink.width() as usize) {
                if (part.len() as f64) < 0.25 * MIN_INK {
                    continue;
                }
                if let Some(j) = judge_blob(inks, ink, &part)
                    && judged.as_ref().is_none_or(|b| j.0.score > b.0.score)
                {
                    judged = Some(j);
                }
            }
        }
        match judged {
            // A compass rose's spokes inside a printed ring: art, not a marker's cross.
            Some((c, true)) => ev.ringed = ev.ringed.max(c.score),
            // Pale art that just passes for ink (`FAINT`): no cross, but "no cross" is less sure.
            Some((c, false))
                if c.score >= READ_SCORE && long_strokes(&c) && !faint_cross(inks, blob, &c) =>
            {
                found.push(c)
            }
            Some((c, false)) => {
                ev.near_miss = ev.near_miss.max(c.score);
                ev.tapered |= c.tapered;
            }
            // Ink enough for a cross that is not one: the cross may be hidden in it.
            None if blob.len() as f64 >= 0.6 * MIN_INK => ev.tangles += 1,
            None => {}
        }
    }
    found
}

/// The score from which a patch judged alone is read as a cross (always doubted under
/// `FIRST_SURE`); from 0.5 up to it, a patch is a near miss: not read, and "no cross" is doubted
/// beside it. On 1,200 straightened cards of both generators (second: 1,000,000-599, H32, H33;
/// first: 0-199), patches read from 0.5 to 0.7 were 1 true cross, 2 crosses placed off and 7
/// pieces of art (mostly compass roses); reading from 0.7 up, 7 photos gained and none lost (the
/// one true cross was found again by a later stage). From 0.75 or 0.8, 8 and 9 gained but one
/// true cross lost.
pub const READ_SCORE: f64 = 0.7;

/// The shortest stroke (mm) of a cross that is read: two of a marker's shortest arms (3.5 mm, from
/// the contract). `judge_patch` scores a shorter one as a doubt at most; a patch judged alone
/// with a stroke this short is a near miss, not read. (On 2,200 straightened cards of the second
/// generator, seeds 1,000,000-599, H32-H36 and H39-H41: 9 cards gained, 8 of them art read as a
/// cross, and 2 true crosses lost; at 6.5 mm 7 gained and 1 lost, at 6 mm 7 and 0. The same net
/// gain at 6 and 7 mm: the contract's bound is kept.)
pub(super) const SHORTEST_STROKE_MM: f64 = 7.0;

/// Whether both of the candidate's strokes are `SHORTEST_STROKE_MM` long or longer.
fn long_strokes(c: &Candidate) -> bool {
    c.strokes
        .iter()
        .all(|(_, (lo, hi))| hi - lo >= SHORTEST_STROKE_MM * PX_PER_MM)
}

/// The opening (pixels each way) that takes printed lines thinner than 0.6 mm out of an ink's mask
/// while a marker's stroke (0.8 mm or more, at any angle) stays.
const THICK_OPEN: usize = 2;

/// The score a cross found only among the thick strokes keeps at most: under the doubt threshold.
pub const THICK_SCORE: f64 = 0.8;

/// From this score a cross read patch by patch is not looked for again among the thick strokes:
/// the doubt threshold.
pub const FIRST_SURE: f64 = 0.85;

/// The score (before `THICK_SCORE`) a cross among the thick strokes needs to take the place of
/// doubted ones read earlier: a clean cross. (On the second generator's straightened tuning cards
/// every such swap from 0.9 up was right: 3 gained, none lost; from 0.95 the same.)
const THICK_CLEAN: f64 = 0.9;

/// When the first pass read only doubted crosses, or nothing read any: each ink's mask with its
/// thin lines taken out (a cross drawn over a coastline, a grid or a compass rose of its own ink
/// is one patch with them), judged again patch by patch, scores uncapped (the caller caps them at
/// `THICK_SCORE`: a cross found this way is always doubted). A crossing centred in a thin printed
/// ring is a rose's here too. A patch at one of the `roses` seen before the opening is read only
/// when its opened arms are `STEADY`.
fn thick(inks: &Inks, opened: &Opened, roses: &[[f64; 2]]) -> Vec<Candidate> {
    let mut found = judge_again(inks, &opened.per_ink, &opened.patches);
    found.retain(|c| not_a_star(inks.img, c, roses, &opened.per_ink));
    found
}

/// Each ink's mask with its thin printed lines opened away (`THICK_OPEN`), and its patches.
struct Opened {
    per_ink: Vec<GrayImage>,
    patches: Vec<Vec<Vec<usize>>>,
}

impl Opened {
    fn of(inks: &Inks) -> Self {
        let per_ink: Vec<GrayImage> = inks
            .per_ink
            .iter()
            .map(|m| open_square(m, THICK_OPEN))
            .collect();
        let patches = per_ink.iter().map(blobs).collect();
        Opened { per_ink, patches }
    }

    /// The stages' view of the same card with these masks and patches in place of each ink's.
    fn view<'a>(&'a self, inks: &Inks<'a>) -> Inks<'a> {
        Inks {
            per_ink: &self.per_ink,
            patches: &self.patches,
            ..*inks
        }
    }
}

/// Each ink's `per_ink` mask and its `patches` judged patch by patch in place of the first pass's
/// (the same card, the same ink of any kind); what they would tell the evidence is not kept.
fn judge_again(inks: &Inks, per_ink: &[GrayImage], patches: &[Vec<Vec<usize>>]) -> Vec<Candidate> {
    let again = Inks {
        per_ink,
        patches,
        ..*inks
    };
    judge_patches(&again, &mut Evidence::default(), &mut Vec::new())
}

/// Whether a cross among the thick strokes may be read: opening a star's thin tips away leaves
/// arms that barely taper, so where a patch was seen as a rose before the opening (`roses`), its
/// opened arms must keep their width as a marker's do (`STEADY`) on one ink's opened mask
/// (`opened`; the candidate's own ink is not recorded, and another ink's mask seldom reaches
/// its arms). A marker's arms crossed by other ink can measure as tapering before the opening,
/// and pass. Where a rose was seen, a thin printed ring round the crossing (`ringed`, at a radius
/// up to twice the longest arm a marker's cross has, `LONGEST_ARM_MM`) rules it out too: the
/// opening shortens a star's spokes, and a ring the first pass saw round the whole star lies
/// beyond the reach of the opened arms' own ring test (tuning photo 197 read a ringed rose's
/// opened star as a cross).
fn not_a_star(img: &RgbImage, c: &Candidate, roses: &[[f64; 2]], opened: &[GrayImage]) -> bool {
    !near_a_rose(c, roses)
        || (opened
            .iter()
            .filter_map(|m| median_taper(m, c))
            .any(|r| r >= STEADY)
            && !ringed(img, c.at, LONGEST_ARM_MM * PX_PER_MM))
}

/// The longest arm (mm) of a marker's cross: 5.5 mm from the contract.
const LONGEST_ARM_MM: f64 = 5.5;

/// Whether a crossing lies within `STAR_MM` of one seen as a rose.
fn near_a_rose(c: &Candidate, roses: &[[f64; 2]]) -> bool {
    roses
        .iter()
        .any(|s| (s[0] - c.at[0]).hypot(s[1] - c.at[1]) <= STAR_MM * PX_PER_MM)
}

/// Notes where a judged patch was seen to be a compass rose (its arms taper, or a printed ring
/// circles its crossing at any score, as `judge_blob` tests every patch with strokes), for
/// `thick` and `faded`: whole patches and pieced ones (not the parts left when long lines are
/// taken out).
fn note_rose(judged: &Option<(Candidate, bool)>, roses: &mut Vec<[f64; 2]>) {
    if let Some((c, ringed)) = judged
        && (c.tapered || *ringed)
    {
        roses.push(c.at);
    }
}

/// How near (mm) a crossing found later (among the thick strokes, or from its arms) may lie to
/// one seen as a rose to be taken for the same patch.
const STAR_MM: f64 = 1.5;

/// The score of a cross read from its arms alone (`faded`): under the doubt threshold.
pub const ARMS_SCORE: f64 = 0.75;

/// When nothing else is a cross: one whose middle glare washed out, read from its arms
/// (`faded::from_arms`) in each ink, when its arms keep their width on its own ink (`STEADY`,
/// measured: the arms are all the evidence there is; so they never taper, `tapers`), unless a
/// compass rose's ring circles it, ink fills more than one wedge between its arms, or it lies
/// where a patch (or pieces judged together) was seen as a rose (`roses`): the arms of a rose's
/// star fit a cross as well, and the ring and width tests here measure with the arms fitted, not
/// with the patch.
/// (On the second generator's tuning photos, seeds 0-999, without this test the stage read two
/// roses as crosses, 637 and 958; with it no true cross was lost there.) The ring is sought
/// from 2.2 to 11 mm round the crossing (`ringed` for twice the longest arm a marker's cross
/// has, as `not_a_star` does) when the arms' visible ink is shorter: where the wide-region step
/// took a big star's hub away, its spokes' inner ends stand apart like washed-out arms, and its
/// ring lies beyond twice that ink (1,005,784 of split H27, its ring about 7 mm out); a rose's
/// ring runs outside its spokes, so none lies inside 2.2 mm. Nor is one read whose strokes run
/// over pale art that just passes for ink (`on_faint_patch`); the stage is not run again
/// without that patch, since other patches left alone may then fit arms of their own. (Steady
/// arms: on the seen photos, 2,800 of the second generator and 600 of the first, four patterns
/// of art no longer read as crosses and no cross lost. The arms are measured over a mean visible
/// arm's span each way from the crossing; measuring on the visible ink instead lost two true
/// crosses of 3,000 straightened cards. Where glare washed out the inner part of that span, they
/// are measured out to their tips, `washed_taper`.)
fn faded(inks: &Inks, roses: &[[f64; 2]]) -> Vec<Candidate> {
    let least = (1.5 * 0.6 * PX_PER_MM * PX_PER_MM) as usize;
    inks.per_ink
        .iter()
        .zip(inks.patches)
        .filter_map(|(ink, list)| {
            let wpx = ink.width() as usize;
            let sized: Vec<&Vec<usize>> = list
                .iter()
                .filter(|b| b.len() >= least && (b.len() as f64) <= 8.0 * MIN_INK)
                .collect();
            let pts: Vec<Vec<[f64; 2]>> = sized.iter().map(|b| centres(b, wpx)).collect();
            let (at, arm, tip, lines) = from_arms(&pts)?;
            let c = Candidate {
                at,
                arm,
                score: ARMS_SCORE,
                strokes: lines.map(|(_, d)| ((at, d), (-arm, arm))),
                tapered: false,
            };
            (open_wedges(ink, &c) >= 3
                && washed_taper(ink, &c, tip).is_some_and(|r| r >= STEADY)
                && !ringed(inks.img, at, arm.max(LONGEST_ARM_MM * PX_PER_MM))
                && !near_a_rose(&c, roses)
                && !on_faint_patch(inks, &sized, &c))
            .then_some(c)
        })
        .collect()
}

/// How much further (mm) than their visible ink a washed cross's arms must reach, on the mean,
/// for them to be measured out to their tips (`washed_taper`). (On the second generator's photos
/// read wrong, seen and H60-H61, 35: measured out to their tips whatever the gap, two patterns of
/// art whose arms reached 0.3 mm further or less were read as crosses, 11 and 40 mm from the true
/// ones (1,010,044 and 1,010,312); the one cross gained, 1,012,534, reached 1.1 mm further.)
const WASHED_GAP_MM: f64 = 0.5;

/// The median taper (`median_taper`) of a cross read from its arms, measured over the mean
/// visible arm each way from the crossing; where glare washed the inner places out, so that too
/// few arms could be measured there, and the arms reach `WASHED_GAP_MM` or more further (`tip`,
/// px: their tips' mean distance from the crossing), measured over that reach instead, its inner
/// places then beyond the washed middle.
fn washed_taper(ink: &GrayImage, c: &Candidate, tip: f64) -> Option<f64> {
    median_taper(ink, c).or_else(|| {
        let reached = Candidate {
            strokes: c.strokes.map(|((o, d), _)| ((o, d), (-tip, tip))),
            ..*c
        };
        (tip - c.arm >= WASHED_GAP_MM * PX_PER_MM)
            .then(|| median_taper(ink, &reached))
            .flatten()
    })
}

/// The centres of pixels (row-major indices in an image `w` wide), in pixels.
fn centres(pixels: &[usize], w: usize) -> Vec<[f64; 2]> {
    pixels.iter().map(|&i| centre(i, w)).collect()
}

/// The centre of one pixel (a row-major index in an image `w` wide), in pixels.
fn centre(i: usize, w: usize) -> [f64; 2] {
    [(i % w) as f64 + 0.5, (i / w) as f64 + 0.5]
}

/// Whether a point lies on a stroke: under `band` pixels from its line, within its span.
fn on_stroke(((o, d), (lo, hi)): (Line, (f64, f64)), p: [f64; 2], band: f64) -> bool {
    let t = (p[0] - o[0]) * d[0] + (p[1] - o[1]) * d[1];
    line_dist((o, d), p) < band && t >= lo && t <= hi
}

/// One patch of ink judged as a cross, and whether a printed ring circles it (a compass rose).
fn judge_blob(inks: &Inks, ink: &GrayImage, pts: &[[f64; 2]]) -> Option<(Candidate, bool)> {
    judge_patch(pts).map(|mut c| {
        let ring = c.score > 0.0 && ringed(inks.img, c.at, c.arm);
        // Film between the arms: one wedge of ink is a doubt, two or more are no cross.
        c.score = match open_wedges(ink, &c) {
            4 => c.score,
            3 => c.score.min(0.8),
            _ => c.score.min(0.45),
        };
        // Arms that narrow towards their tips: a compass rose's star, whatever its ring. (At 0.45
        // or under, putting it aside would change nothing.)
        if c.score > 0.45 && tapers(inks.any, ink, &c) {
            c.tapered = c.score >= 0.5;
            c.score = c.score.min(0.45);
        } else if c.score > OVERRULED_SCORE && own_taper_overruled(inks.any, ink, &c) {
            c.score = OVERRULED_SCORE;
        }
        if c.score > RUNS_THROUGH_SCORE && runs_through(inks.any, &c) {
            c.score = RUNS_THROUGH_SCORE;
        }
        if c.score > BOWED_SCORE && bowed(pts, &c) {
            c.score = BOWED_SCORE;
        }
        (c, ring)
    })
}

/// A straight stroke this long (mm) is printed art: a cross's stroke is at most 11 mm plus the
/// pen's width and blur.
const LONG_MM: f64 = 15.0;

/// The patch's points (pixel centres of a `w`-wide image) with every straight line longer than
/// `LONG_MM` taken out, split into the pieces that are left (8-connected).
fn without_long_lines(pts: &[[f64; 2]], w: usize) -> Vec<Vec<[f64; 2]>> {
    let mut left = pts.to_vec();
    // Up to six lines (a frame's four sides and a road or two); each found on at most 3,000 of
    // the points, which a long line dominates.
    for _ in 0..6 {
        let step = (left.len() / 3000).max(1);
        let sample: Vec<[f64; 2]> = left.iter().step_by(step).copied().collect();
        let Some((line, (lo, hi), _)) = ransac_stroke(&sample) else {
            break;
        };
        if hi - lo < LONG_MM * PX_PER_MM {
            break;
        }
        let band = 1.0 * PX_PER_MM;
        left.retain(|p| {
            let t = (p[0] - line.0[0]) * line.1[0] + (p[1] - line.0[1]) * line.1[1];
            line_dist(line, *p) >= band || t < lo - band || t > hi + band
        });
    }
    let index = |p: &[f64; 2]| (p[1] as usize) * w + p[0] as usize;
    let at: std::collections::HashMap<usize, usize> = left
        .iter()
        .enumerate()
        .map(|(k, p)| (index(p), k))
        .collect();
    let mut part_of = vec![usize::MAX; left.len()];
    let mut parts = Vec::new();
    for start in 0..left.len() {
        if part_of[start] != usize::MAX {
            continue;
        }
        let mut part = Vec::new();
        let mut stack = vec![start];
        part_of[start] = parts.len();
        while let Some(k) = stack.pop() {
            part.push(left[k]);
            let i = index(&left[k]);
            for (dx, dy) in [
                (-1i64, -1i64),
                (0, -1),
                (1, -1),
                (-1, 0),
                (1, 0),
                (-1, 1),
                (0, 1),
                (1, 1),
            ] {
                let j = i as i64 + dy * w as i64 + dx;
                if let Some(&n) = usize::try_from(j).ok().and_then(|j| at.get(&j))
                    && part_of[n] == usize::MAX
                {
                    part_of[n] = parts.len();
                    stack.push(n);
                }
            }
        }
        parts.push(part);
    }
    parts
}

/// How many of the four wedges between the candidate's strokes are clear of its ink. A marker's
/// cross leaves film between its arms; a filled shape (a triangle beside a square, a star's hub)
/// that two strokes were fitted through does not. Each wedge is sampled along its bisector where
/// it is 1.3 mm or more from both strokes' centre lines, up to 0.9 of an arm; a wedge too narrow
/// for that counts as clear.
fn open_wedges(ink: &GrayImage, c: &Candidate) -> usize {
    let (w, h) = (ink.width() as f64, ink.height() as f64);
    let [((_, d1), _), ((_, d2), _)] = c.strokes;
    let mut open = 0;
    for (sx, sy) in [(1.0, 1.0), (1.0, -1.0), (-1.0, -1.0), (-1.0, 1.0)] {
        let b = [sx * d1[0] + sy * d2[0], sx * d1[1] + sy * d2[1]];
        let len = b[0].hypot(b[1]);
        // The sine of half the wedge's angle: how fast its bisector leaves the strokes.
        let half_sin = (1.0 - (b[0] * d1[0] + b[1] * d1[1]).powi(2) / (len * len)).sqrt();
        let (r0, r1) = (1.3 * PX_PER_MM / half_sin.max(1e-3), 0.9 * c.arm);
        if len < 1e-6 || r0 > r1 {
            open += 1;
            continue;
        }
        let (bx, by) = (b[0] / len, b[1] / len);
        let (mut inked, mut seen) = (0, 0);
        for step in 0..5 {
            let r = r0 + (r1 - r0) * step as f64 / 4.0;
            let (x, y) = (c.at[0] + r * bx, c.at[1] + r * by);
            if x >= 0.0 && y >= 0.0 && x < w && y < h {
                seen += 1;
                inked += usize::from(ink.get_pixel(x as u32, y as u32)[0] > 0);
            }
        }
        open += usize::from(3 * inked < seen.max(1));
    }
    open
}

/// The most a cross is trusted beside a patch put aside for its tapering arms: under the doubt
/// threshold. (On tuning seeds 600-799 of the second generator a true cross measured as tapering
/// twice left a wrong cross sure, once where it had been its rival.)
pub const TAPERED_RIVAL: f64 = 0.8;

/// What the cross's confidence is drawn from.
#[derive(Debug, Default, Clone, Copy)]
pub struct Evidence {
    /// The best and second-best patch read as a cross (score 0.5 to 1).
    pub best: f64,
    pub second: f64,
    /// The best score among patches that were nearly a cross (below 0.5), or were set aside
    /// beside a sure ring (any score).
    pub near_miss: f64,
    /// The best score among cross-like patches inside a printed ring (compass roses).
    pub ringed: f64,
    /// Patches with ink enough for a cross in which no two strokes were found.
    pub tangles: usize,
    /// Whether a patch that scored as a cross was put aside because its arms taper: a true cross
    /// measured badly is then a rival to whatever cross is read.
    pub tapered: bool,
}

impl Evidence {
    /// The confidence that the answer (a cross here, or none) is right, calibrated on the tuning
    /// photos of both generators (`sleeve-fields eval`): a cross read at score 0.85 or more with
    /// no rival above 0.6 was right on every tuning photo; below that (or with a rival as good)
    /// it was wrong on about one in three. "No cross" was right on 40 of 46 tuning photos, and
    /// nothing seen told the six missed crosses from the 40 fresh sleeves, so it always stays
    /// below the warning threshold, lower still with near misses and tangles of ink about.
    pub fn confidence(&self, found: bool) -> f64 {
        if found {
            let rival = ((self.second - 0.6) / 0.4).clamp(0.0, 1.0);
            let tapered = if self.tapered { TAPERED_RIVAL } else { 1.0 };
            self.best
                .min(1.0 - 0.5 * rival)
                .min(tapered)
                .clamp(0.0, 1.0)
        } else {
            let tangled = 0.05 * self.tangles.min(4) as f64;
            (0.8 - 0.5 * self.near_miss.max(0.0) - tangled).clamp(0.0, 0.8)
        }
    }
}

/// Judges one patch of ink: two strokes of a marker's length and width crossing near both their
/// middles. None when no two strokes were found; otherwise a score (1 a clear cross, below 0.5
/// not a cross).
fn judge_patch(pts: &[[f64; 2]]) -> Option<Candidate> {
    let (l1, s1, rest) = ransac_stroke(pts)?;
    let (l2, s2, left) = ransac_stroke(&rest)?;
    let p = intersect(l1, l2, 0.5)?;
    let mut score: f64 = 1.0;
    for ((o, d), (lo, hi), n) in [(l1, s1, 0usize), (l2, s2, 1)] {
        let len = (hi - lo) / PX_PER_MM;
        let at = (p[0] - o[0]) * d[0] + (p[1] - o[1]) * d[1];
        let pos = (at - lo) / (hi - lo).max(1e-9);
        // Each arm 3.5 to 5.5 mm: a stroke 7 to 11 mm plus the pen's width, blur either way.
        let len_ok = 1.0 - ((5.5 - len).max(len - 13.5).max(0.0) / 2.0);
        // Under 7 mm a stroke is shorter than the contract's shortest (two arms of 3.5 mm):
        // a cross of worn or glared ink, or art; either way a doubt, never a sure cross. (On
        // the tuning cards 451 of 453 true crosses measured 7.8 mm or more; 12 art marks read
        // at 0.9 or more measured 5.3 to 6.1.)
        let len_ok = if len < 7.0 { len_ok.min(0.8) } else { len_ok };
        let mid_ok = 1.0 - ((0.25 - pos).max(pos - 0.75).max(0.0) / 0.15);
        // Stroke width: its pixels over its length (the first stroke includes the crossing).
        let on = pts
            .iter()
            .filter(|q| on_stroke(((o, d), (lo, hi)), **q, PX_PER_MM))
            .count() as f64;
        let width = on / (hi - lo).max(1.0) / PX_PER_MM;
        // A marker stroke keeps its width to its ends; a compass rose's star tapers to points.
        let mut bins = [0.0f64; 6];
        for q in pts {
            if line_dist((o, d), *q) < 1.0 * PX_PER_MM {
                let t = (q[0] - o[0]) * d[0] + (q[1] - o[1]) * d[1];
                if t >= lo && t <= hi {
                    bins[(((t - lo) / (hi - lo).max(1.0) * 6.0) as usize).min(5)] += 1.0;
                }
            }
        }
        let ends = bins[0].min(bins[5]) * 1.6;
        let near = bins[1].max(bins[4]);
        let taper_ok = ((ends / near.max(1.0)) - 0.35) / 0.25;
        let width = if n == 1 { width } else { width * 0.9 };
        let width_ok = 1.0 - ((0.5 - width).max(width - 2.0).max(0.0) / 0.25);
        score = score.min(len_ok).min(mid_ok).min(width_ok).min(taper_ok);
    }
    // Little ink left over: a cross is two strokes, not a tangle.
    let spare = left.len() as f64 / pts.len() as f64;
    score = score.min(1.0 - (spare - 0.15).max(0.0) * 3.0);
    let arm = ((s1.1 - s1.0) + (s2.1 - s2.0)) / 4.0;
    Some(Candidate {
        at: p,
        arm,
        score,
        strokes: [(l1, s1), (l2, s2)],
        tapered: false,
    })
}

mod as_one;
mod bow;
mod clearance;
mod contrast;
mod crossing;
mod inks;
mod one_ink;
#[cfg(test)]
mod pale_tests;
mod pieced;
mod ringed;
mod speckled;
mod taper;
#[cfg(test)]
mod taper_tests;
#[cfg(test)]
mod tests;
mod through;
mod tint;
#[cfg(test)]
mod tint_tests;
mod two_tones;
mod untangle;
#[cfg(test)]
mod washed_tests;
mod wide;
