// tdoku_cpu measures tdoku's first-solution time on puzzle files the way
// `satdoku bench` measures satdoku: every puzzle of the file once, in file
// order, after the file is read, on the thread CPU clock. It is built by
// bench/tdoku.sh against a tdoku source tree and is not part of satdoku.
//
// Usage: tdoku_cpu FILE...
// Output, one line per file: FILE PUZZLES CPU_US_PER_PUZZLE GUESSES_PER_PUZZLE
//
// Lines starting with '#' and lines shorter than 81 characters are skipped
// and a trailing '\r' is dropped, as tdoku's own loader does. Before the
// timed pass, an untimed pass checks that every answer is a complete grid
// that keeps the givens; the program exits 1 if one is not.
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <fstream>
#include <string>
#include <vector>

extern "C" size_t TdokuSolverDpllTriadSimd(const char *puzzle, size_t limit, uint32_t configuration,
                                           char *solution, size_t *num_guesses);

namespace {

double ThreadCPUMicros() {
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return ts.tv_sec * 1e6 + ts.tv_nsec / 1e3;
}

// Valid reports whether grid is a full valid grid that keeps puzzle's givens.
bool Valid(const char *puzzle, const char *grid) {
    uint32_t rows[9]{}, cols[9]{}, boxes[9]{};
    for (int i = 0; i < 81; i++) {
        char g = grid[i];
        if (g < '1' || g > '9') return false;
        if (puzzle[i] != '.' && puzzle[i] != '0' && puzzle[i] != g) return false;
        uint32_t bit = 1u << (g - '1');
        int r = i / 9, c = i % 9, b = r / 3 * 3 + c / 3;
        if ((rows[r] | cols[c] | boxes[b]) & bit) return false;
        rows[r] |= bit;
        cols[c] |= bit;
        boxes[b] |= bit;
    }
    return true;
}

}  // namespace

int main(int argc, char **argv) {
    if (argc < 2) {
        std::fprintf(stderr, "usage: tdoku_cpu FILE...\n");
        return 2;
    }
    for (int a = 1; a < argc; a++) {
        std::ifstream in(argv[a]);
        if (!in) {
            std::fprintf(stderr, "tdoku_cpu: cannot open %s\n", argv[a]);
            return 1;
        }
        std::vector<std::string> puzzles;
        std::string line;
        while (std::getline(in, line)) {
            if (!line.empty() && line.back() == '\r') line.pop_back();
            if (line.empty() || line[0] == '#' || line.size() < 81) continue;
            // tdoku reads '.' as a blank; map '0' so both spellings work.
            std::string p = line.substr(0, 81);
            for (char &ch : p) if (ch == '0') ch = '.';
            puzzles.push_back(p);
        }
        if (puzzles.empty()) {
            std::fprintf(stderr, "tdoku_cpu: no puzzle in %s\n", argv[a]);
            return 1;
        }
        char solution[82]{};
        size_t guesses = 0, total_guesses = 0;
        for (const auto &p : puzzles) {
            std::memset(solution, '.', 81);
            if (TdokuSolverDpllTriadSimd(p.c_str(), 1, 0, solution, &guesses) != 1 ||
                !Valid(p.c_str(), solution)) {
                std::fprintf(stderr, "tdoku_cpu: %s: no valid solution for %s\n", argv[a], p.c_str());
                return 1;
            }
        }
        double start = ThreadCPUMicros();
        for (const auto &p : puzzles) {
            TdokuSolverDpllTriadSimd(p.c_str(), 1, 0, solution, &guesses);
            total_guesses += guesses;
        }
        double elapsed = ThreadCPUMicros() - start;
        std::printf("%s %zu %.2f %.2f\n", argv[a], puzzles.size(), elapsed / puzzles.size(),
                    double(total_guesses) / puzzles.size());
    }
    return 0;
}
