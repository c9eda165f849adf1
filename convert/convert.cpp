#include "convert.h"

namespace naumachia::convert {

namespace {

proto::BoardKind to_proto(BoardKind k) {
  switch (k) {
    case BoardKind::None:
      return proto::BOARD_NONE;
    case BoardKind::Hex:
      return proto::BOARD_HEX;
    case BoardKind::Map:
      return proto::BOARD_MAP;
    case BoardKind::List:
      return proto::BOARD_LIST;
  }
  return proto::BOARD_NONE;
}

proto::Fill to_proto(Fill f) {
  switch (f) {
    case Fill::None:
      return proto::FILL_NONE;
    case Fill::Water:
      return proto::FILL_WATER;
    case Fill::Coast:
      return proto::FILL_COAST;
    case Fill::Shallows:
      return proto::FILL_SHALLOWS;
    case Fill::Harbour:
      return proto::FILL_HARBOUR;
    case Fill::Shore:
      return proto::FILL_SHORE;
    case Fill::Land:
      return proto::FILL_LAND;
    case Fill::Town:
      return proto::FILL_TOWN;
    case Fill::Wall:
      return proto::FILL_WALL;
    case Fill::Boom:
      return proto::FILL_BOOM;
  }
  return proto::FILL_NONE;
}

proto::ArrowKind to_proto(ArrowKind k) {
  switch (k) {
    case ArrowKind::Move:
      return proto::ARROW_MOVE;
    case ArrowKind::Support:
      return proto::ARROW_SUPPORT;
    case ArrowKind::Convoy:
      return proto::ARROW_CONVOY;
    case ArrowKind::Ram:
      return proto::ARROW_RAM;
    case ArrowKind::Fire:
      return proto::ARROW_FIRE;
    case ArrowKind::Melee:
      return proto::ARROW_MELEE;
  }
  return proto::ARROW_UNKNOWN;
}

}  // namespace

void to_proto(const View& v, proto::View& out) {
  out.set_board_kind(to_proto(v.board_kind));
  for (const Cell& c : v.cells) {
    proto::Cell& pc = *out.add_cells();
    pc.set_id(c.id);
    pc.set_col(c.col);
    pc.set_row(c.row);
    pc.set_terrain(c.terrain);
    pc.set_label(c.label);
    for (const Token& t : c.tokens) {
      proto::Token& pt = *pc.add_tokens();
      pt.set_owner(t.owner);
      pt.set_kind(t.kind);
      pt.set_label(t.label);
      pt.set_facing(t.facing);
      for (const std::string& m : t.marks) pt.add_marks(m);
      pt.set_values(t.values);
      for (const std::string& d : t.details) pt.add_details(d);
    }
    pc.set_x(c.x);
    pc.set_y(c.y);
    for (const std::string& n : c.neighbours) pc.add_neighbours(n);
    pc.set_owner(c.owner);
    pc.set_fill(to_proto(c.fill));
    for (const Edge& e : c.edges) {
      proto::Edge& pe = *pc.add_edges();
      pe.set_to(e.to);
      pe.set_side(e.side);
      pe.set_kind(e.kind);
      pe.set_path(e.path);
    }
    pc.set_outline(c.outline);
    pc.set_power(c.power);
    pc.set_supply_centre(c.supply_centre);
  }
  for (const std::string& n : v.notes) out.add_notes(n);
  out.set_width(v.width);
  out.set_height(v.height);
  for (const Arrow& a : v.arrows) {
    proto::Arrow& pa = *out.add_arrows();
    pa.set_from(a.from);
    pa.set_to(a.to);
    pa.set_via(a.via);
    pa.set_kind(to_proto(a.kind));
    pa.set_owner(a.owner);
    pa.set_failed(a.failed);
    for (const std::string& cell : a.path) pa.add_path(cell);
    pa.set_order(a.order);
  }
  out.set_backdrop(v.backdrop);
  for (const std::string& p : v.powers) out.add_powers(p);
}

void set_audience(const Audience& a, bool& restricted_out,
                  google::protobuf::RepeatedField<std::uint32_t>& seats_out) {
  restricted_out = !a.is_public();
  for (PlayerId p : a.members()) seats_out.Add(static_cast<std::uint32_t>(p.value));
}

void to_proto(const std::vector<Event>& events,
              google::protobuf::RepeatedPtrField<proto::Happening>& out) {
  for (const Event& e : events) {
    proto::Happening& h = *out.Add();
    h.set_text(e.text);
    for (const DieRoll& r : e.rolls) {
      proto::DieRoll& pr = *h.add_rolls();
      pr.set_sides(static_cast<std::uint32_t>(r.sides));
      pr.set_value(static_cast<std::uint32_t>(r.value));
      pr.set_purpose(r.purpose);
    }
    bool restricted = false;
    set_audience(e.audience, restricted, *h.mutable_audience());
    h.set_restricted(restricted);
  }
}

void to_proto(const Decision& d, proto::OrderDecision& out) {
  out.set_id(d.id);
  out.set_label(d.label);
  out.set_text(d.text);
  for (const std::string& c : d.cells) out.add_cells(c);
  out.set_otherwise(d.otherwise);
}

void to_proto(const Choice& c, proto::OrderChoice& out) {
  out.set_text(c.text);
  out.set_label(c.label);
  for (const std::string& cell : c.cells) out.add_cells(cell);
  out.set_complete(c.complete);
  out.set_last(c.last);
}

}  // namespace naumachia::convert
