#pragma once
// The parts the SVG pictures are drawn with (render/svg.cpp puts them
// together): text escaping and numbers, the sides' colours and letters, the
// key of the marks on a board, counters and stacks (counters.cpp), hex
// boards (hexes.cpp) and maps drawn from geography (geo.cpp). Like the rest
// of render/ they know no rules.
#include <cstdint>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "naumachia.pb.h"

namespace naumachia::render::svg {

struct Point {
  double x = 0, y = 0;
};

// Text for XML content and attributes.
std::string esc(const std::string& s);
// The first `n` bytes of `s`, not cutting a UTF-8 character in two.
std::string cut(const std::string& s, std::size_t n);
// A coordinate with one decimal.
std::string num(double v);
// About how wide `text` is at `size` in the pictures' sans-serif font.
double text_width(const std::string& text, double size);

// The smallest size of text a player must read, in SVG units (at the web
// page's default zoom one unit is one CSS pixel).
constexpr double kReadable = 11;
constexpr double kMargin = 30;  // around the board

// The colour of a cell: its fill class, or a guess from its terrain word
// when the module gives none (svg.cpp).
std::string cell_colour(const proto::Cell& c);

// What a picture's counters and legend are told apart by: each side's name,
// colour and letter (BOARDS: a colour-blind-safe palette, and a letter for
// those who cannot rely on colour), and a badge for each mark on the board.
class Key {
 public:
  Key(const proto::View& v, const std::vector<std::string>& sides);
  std::string name(std::int64_t seat) const;
  std::string colour(std::int64_t seat) const;
  std::string ink(std::int64_t seat) const;  // text on the colour
  std::string letter(std::int64_t seat) const;
  // The owners to list in the legend: every side, then any other owner seen.
  const std::vector<std::int64_t>& owners() const { return owners_; }
  // A mark's badge text ("D" for damaged), and the marks in legend order.
  std::string badge(const std::string& mark) const;
  const std::vector<std::string>& marks() const { return marks_; }

 private:
  std::vector<std::string> sides_;
  std::map<std::int64_t, std::string> letters_;
  std::vector<std::int64_t> owners_;
  std::map<std::string, std::string> badges_;
  std::vector<std::string> marks_;
};

// A counter, centred at `at`: its side's colour and letter, its label and
// printed values, a badge per mark and a tooltip with all it carries; it
// names its cell (data-cell) and itself (data-token). On a board a counter
// is as wide as a hex allows and shows its values; compact, where the
// places lie close together (province maps), it shows its label only.
enum class CounterFit { Board, Compact };
constexpr double kCounterWidth = 56;
Point counter_size(const proto::Token& t, const Key& key, CounterFit fit);
void counter(std::ostringstream& out, const std::string& cell, const proto::Token& t, Point at,
             const Key& key, CounterFit fit);
// A cell's counters, the first on top, each below offset a little, with a
// badge counting them when there are several.
void stack(std::ostringstream& out, const proto::Cell& c, Point at, const Key& key, CounterFit fit);

// The legend of sides and marks from `y` on, as wide as `width`; returns the
// `y` below it.
double key_legend(std::ostringstream& out, const Key& key, double width, double y);

// A hex board (hexes.cpp): the cells, rulers, edges and counters. `size`
// grows to the drawing's extent; `where` gets each cell's centre.
void draw_hexes(std::ostringstream& out, const proto::View& v, const Key& key, Point& size,
                std::map<std::string, Point>& where);
// The terrain legend of a hex board: a swatch for each fill and label present.
double terrain_legend(std::ostringstream& out, const proto::View& v, double width, double y);

// The orders of the step that led to the position (View.arrows) between the
// cells' points in `where` (through those of a move's path), in their side's
// colour, or dark where `dark` (maps of powers, whose units say whose they
// are); their ends clear of the box of the counters in `boxes` (half its
// width and height, by cell), else `rim` from the cells' centres (svg.cpp).
void draw_arrows(std::ostringstream& out, const proto::View& v,
                 const std::map<std::string, Point>& where, const Key& key, bool dark,
                 double rim = 17, const std::map<std::string, Point>& boxes = {});
// Their legend from `y` on: how each kind present is drawn, and a failed
// order; returns the `y` below it (nothing without arrows).
double orders_legend(std::ostringstream& out, const proto::View& v, double width, double y);

// A map drawn from geography (geo.cpp): cells with outlines, coloured by
// power (View.powers, Cell.power), supply centres, names, units and orders.
void draw_geo_map(std::ostringstream& out, const proto::View& v, const Key& key, Point& size);
// Its legend from `y` on: each power's colour, letter and line of the notes,
// the other notes and what the symbols mean; returns the `y` below it.
double geo_legend(std::ostringstream& out, const proto::View& v, double y, double width);

}  // namespace naumachia::render::svg
