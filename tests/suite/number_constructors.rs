//! Public constructors on numbers check their input (issue 20, item 10): each panics on a
//! value out of range in every build, as its `# Panics` says, and has a twin that says
//! `None` instead.

use gamenote::gipf::{Dir, Ray};
use gamenote::pylon::{Geometry, Point as PylonPoint};
use gamenote::threeman::coord::Bits;
use gamenote::threeman::{Colour, Square};

#[test]
fn threeman_square_twins_check_their_range() {
    for r in 0..=255u8 {
        for f in 0..=255u8 {
            let ok = r < 6 && f < 24;
            assert_eq!(
                Square::try_new(r, f),
                ok.then(|| Square::from_index(usize::from(r * 24 + f))),
                "{r} {f}"
            );
        }
    }
    for z in [Colour::White, Colour::Gray, Colour::Black] {
        for x in 0..=255u8 {
            for r in 0..=255u8 {
                let s = Square::try_from_article(z, x, r);
                assert_eq!(s.is_some(), x < 8 && r < 6, "{z:?} {x} {r}");
                if let Some(s) = s {
                    assert_eq!((s.zone(), s.article_file(), s.rank()), (z, x, r));
                    assert_eq!(Square::from_article(z, x, r), s);
                }
            }
        }
    }
    assert_eq!(Square::new(5, 23), Square::from_index(143));
}

#[test]
#[should_panic(expected = "Square::new: rank above 5 or file above 23")]
fn threeman_square_new_panics_past_the_board() {
    let _ = Square::new(6, 0);
}

#[test]
#[should_panic(expected = "Square::new: rank above 5 or file above 23")]
fn threeman_square_new_panics_instead_of_overflowing() {
    let _ = Square::new(255, 255);
}

#[test]
#[should_panic(expected = "Square::from_article: file above h or rank above 6")]
fn threeman_square_from_article_panics_past_h() {
    let _ = Square::from_article(Colour::White, 8, 0);
}

#[test]
#[should_panic(expected = "Square::from_article: file above h or rank above 6")]
fn threeman_square_from_article_panics_instead_of_overflowing() {
    let _ = Square::from_article(Colour::Black, 0, 200);
}

#[test]
fn threeman_bits_twin_checks_its_range() {
    assert_eq!(Bits::try_bit(0), Some(Bits([1, 0, 0])));
    assert_eq!(Bits::try_bit(191), Some(Bits([0, 0, 1 << 63])));
    assert_eq!(Bits::try_bit(192), None);
    assert_eq!(Bits::try_bit(255), None);
}

#[test]
#[should_panic]
fn threeman_bits_bit_panics_at_192() {
    let _ = std::hint::black_box(Bits::bit(std::hint::black_box(192)));
}

#[test]
#[should_panic]
fn threeman_bits_has_panics_at_192() {
    let _ = std::hint::black_box(Bits::EMPTY.has(std::hint::black_box(192)));
}

#[test]
fn gipf_ray_get_stops_at_the_last_spot() {
    for ray in Ray::all() {
        for i in 0..ray.len() {
            assert_eq!(ray.get(i), Some(ray.spot(i)));
            assert!(ray.spot(i).is_spot());
        }
        assert_eq!(ray.get(ray.len()), None);
        assert_eq!(ray.get(99), None);
    }
}

#[test]
#[should_panic(expected = "Ray::spot: index past the ray's last spot")]
fn gipf_ray_spot_panics_at_99() {
    let ray = Ray::new("e1".parse().unwrap(), Dir::N).unwrap();
    let _ = ray.spot(std::hint::black_box(99));
}

#[test]
#[should_panic(expected = "Ray::spot: index past the ray's last spot")]
fn gipf_ray_spot_panics_past_a_short_ray() {
    let ray = Ray::new("b1".parse().unwrap(), Dir::N).unwrap();
    assert_eq!(ray.len(), 4);
    let _ = ray.spot(std::hint::black_box(4));
}

#[test]
fn pylon_geometry_get_stops_at_the_last_point() {
    let g = Geometry::of(3).unwrap();
    assert_eq!(g.get(0), Some(PylonPoint::new(1, 0, 0)));
    assert_eq!(g.get(g.len()), None);
}

#[test]
#[should_panic]
fn pylon_geometry_point_panics_past_the_last_point() {
    let g = Geometry::of(3).unwrap();
    let _ = g.point(std::hint::black_box(14));
}
