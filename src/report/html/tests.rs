use super::*;
use crate::games::Rules;
use crate::games::tides::Tides;
use crate::report::board::picture::film_of_moves;

/// A Tides of War film of the start and two moves.
fn film() -> Film {
    let start = Tides::start(2, &Default::default()).unwrap();
    let mut pos = start;
    let mut moves = Vec::new();
    for _ in 0..2 {
        let mut legal = Vec::new();
        pos.legal_moves(&mut legal);
        pos.play(legal[0], &mut ()).unwrap();
        moves.push(legal[0]);
    }
    film_of_moves(&start, &moves).unwrap()
}

/// The page's board data, read as its script reads it.
fn stills_of(page: &str) -> serde_json::Value {
    use base64::Engine as _;
    let from = page.find("id=\"taproom-stills\"").unwrap();
    let from = from + page[from..].find('>').unwrap() + 1;
    let to = from + page[from..].find("</script>").unwrap();
    let bytes = base64::engine::general_purpose::STANDARD
        .decode(page[from..to].trim())
        .unwrap();
    let json = miniz_oxide::inflate::decompress_to_vec_zlib(&bytes).unwrap();
    serde_json::from_slice(&json).unwrap()
}

#[test]
fn a_page_holds_its_parts_in_order_each_board_drawn_once_with_its_stills_as_data() {
    let mut doc = Document::new("Ada <v> Bo");
    doc.markdown("## Ada v Bo\n\nAda wins.\n");
    doc.boards(vec![film(), film()]);
    doc.markdown("### After\n\n| a | b |\n|---|---|\n| 1 | 2 |\n");
    let page = doc.render();
    assert!(page.starts_with("<!DOCTYPE html>"), "{page}");
    assert!(page.contains("<title>Ada &lt;v&gt; Bo</title>"), "{page}");
    assert!(page.contains("name=\"viewport\""), "{page}");
    assert!(!page.contains("http"), "nothing named by address: {page}");
    let h1 = page.find("<h1>Ada v Bo</h1>").unwrap();
    let first = page.find("id=\"g1-board\"").unwrap();
    let second = page.find("id=\"g2-board\"").unwrap();
    let after = page.find("<h2>After</h2>").unwrap();
    assert!(h1 < first && first < second && second < after, "{page}");
    assert_eq!(page.matches("<svg").count(), 2, "one picture a board");
    assert!(page.contains("id=\"g1-s0\"") && page.contains("id=\"g2-c2\""));
    let data = stills_of(&page);
    let films = data["films"].as_array().unwrap();
    assert_eq!(films.len(), 2);
    let stills = films[0]["st"].as_array().unwrap();
    // The start, two moves and the end again.
    assert_eq!(stills.len(), 4);
    // The first still gives every kind whole, from index 0; a move changes a few spots,
    // the marks and the caption.
    let first = stills[0].as_object().unwrap();
    assert_eq!(first["s"].as_array().unwrap().len(), 1 + 36);
    assert_eq!(first["c"].as_array().unwrap().len(), 1 + 3);
    let one = stills[1].as_object().unwrap();
    let changed = one["s"].as_array().unwrap();
    assert!(changed.len() < 36, "{one:?}");
    assert!(!one["m"].as_array().unwrap().is_empty(), "{one:?}");
    assert!(one.contains_key("c"), "the caption changed: {one:?}");
    // The end again only changes the caption.
    let end: Vec<&String> = stills[3].as_object().unwrap().keys().collect();
    assert!(end.iter().all(|k| *k == "c"), "{end:?}");
}

#[test]
fn the_page_s_data_cannot_close_its_script() {
    let mut f = film();
    f.stills[1].caption = "</script><script>alert(1)</script> & more".to_owned();
    let mut doc = Document::new("t");
    doc.boards(vec![f]);
    let page = doc.render();
    assert_eq!(page.matches("</script>").count(), 2, "{page}");
    let data = stills_of(&page);
    assert_eq!(
        data["films"][0]["st"][1]["c"][1],
        "</script><script>alert(1)</script> & more"
    );
}
