// The readers of the data files each module compiles in (maps, tables,
// orders of battle, scenarios; shared/games/*/data/) and the DATC case
// reader, fed with fuzzed text. The input's first line names the file the
// rest of it stands for, as its path under shared/games/ ("tyre/map.txt");
// files a reader takes along with it are the compiled-in ones. Each reader
// must answer with the data or an error naming the line, never crash. DATC
// cases the reader accepts are also run against the adjudicator.
#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <string_view>

#include "games/classis/position.h"
#include "games/constantinople/position.h"
#include "games/diplomacy/datc.h"
#include "games/diplomacy/map.h"
#include "games/eih_naval/position.h"
#include "games/fall/scenario.h"
#include "games/tyre/data.h"
#include "games/tyre/position.h"
#include "support.h"

namespace naumachia::data {
std::string_view diplomacy_standard_map();
std::string_view classis_ships();
std::string_view classis_nations();
std::string_view classis_scenarios();
std::string_view constantinople_map();
std::string_view constantinople_tables();
std::string_view constantinople_forces();
std::string_view eih_naval_tables();
std::string_view eih_naval_scenarios();
}  // namespace naumachia::data

using namespace naumachia;

namespace {

// An error must say what is wrong.
template <class T>
void judged(const Expected<T>& result, std::string_view file) {
  if (!result && result.error().message.empty())
    fuzz::broken(std::string(file) + ": an error without a message");
}

void datc_cases(std::string_view text) {
  static const diplomacy::Map standard =
      diplomacy::Map::load(data::diplomacy_standard_map()).value();
  for (const diplomacy::DatcCase& c : diplomacy::parse_datc(standard, text)) {
    if (c.parse_error.empty()) (void)diplomacy::run_datc_case(standard, c);
  }
}

using Reader = std::function<void(std::string_view)>;

const std::map<std::string, Reader, std::less<>>& readers() {
  static const std::map<std::string, Reader, std::less<>> all{
      {"diplomacy/standard-map.json",
       [](std::string_view t) { judged(diplomacy::Map::load(t), "standard-map.json"); }},
      {"diplomacy/datc-cases.txt", datc_cases},
      {"fall/fall-of-constantinople-map.json",
       [](std::string_view t) {
         judged(fall::Scenario::load(t), "fall-of-constantinople-map.json");
       }},
      {"tyre/map.txt", [](std::string_view t) { judged(tyre::Map::load(t), "map.txt"); }},
      {"tyre/naval-tables.txt",
       [](std::string_view t) { judged(tyre::NavalTables::load(t), "naval-tables.txt"); }},
      {"tyre/land.txt", [](std::string_view t) { judged(tyre::Army::load(t), "land.txt"); }},
      {"tyre/land-tables.txt",
       [](std::string_view t) { judged(tyre::SiegeTables::load(t), "land-tables.txt"); }},
      {"tyre/scenario.txt",
       [](std::string_view t) { judged(tyre::load_scenario(t), "scenario.txt"); }},
      {"constantinople/map.txt",
       [](std::string_view t) {
         judged(constantinople::load_scenario(t, data::constantinople_tables(),
                                              data::constantinople_forces()),
                "map.txt");
       }},
      {"constantinople/tables.txt",
       [](std::string_view t) {
         judged(constantinople::load_scenario(data::constantinople_map(), t,
                                              data::constantinople_forces()),
                "tables.txt");
       }},
      {"constantinople/forces.txt",
       [](std::string_view t) {
         judged(constantinople::load_scenario(data::constantinople_map(),
                                              data::constantinople_tables(), t),
                "forces.txt");
       }},
      {"classis/ships.txt",
       [](std::string_view t) {
         judged(classis::load_data(t, data::classis_nations(), data::classis_scenarios()),
                "ships.txt");
       }},
      {"classis/nations.txt",
       [](std::string_view t) {
         judged(classis::load_data(data::classis_ships(), t, data::classis_scenarios()),
                "nations.txt");
       }},
      {"classis/scenarios.txt",
       [](std::string_view t) {
         judged(classis::load_data(data::classis_ships(), data::classis_nations(), t),
                "scenarios.txt");
       }},
      {"eih_naval/tables.txt",
       [](std::string_view t) {
         judged(eih_naval::load_data(t, data::eih_naval_scenarios()), "tables.txt");
       }},
      {"eih_naval/scenarios.txt",
       [](std::string_view t) {
         judged(eih_naval::load_data(data::eih_naval_tables(), t), "scenarios.txt");
       }},
  };
  return all;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const auto [header, body] = fuzz::split_header(data, size);
  const auto reader = readers().find(header);
  if (reader == readers().end()) return -1;  // not worth keeping in the corpus
  reader->second(body);
  return 0;
}
