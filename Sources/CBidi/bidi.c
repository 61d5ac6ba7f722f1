#include "CBidi.h"

#include <fribidi/fribidi.h>
#include <stdlib.h>

int np_bidi_levels(const uint32_t *text, int length, int base, int8_t *levels) {
    if (length <= 0) return 0;
    FriBidiCharType *types = malloc(sizeof *types * (size_t)length);
    FriBidiBracketType *brackets = malloc(sizeof *brackets * (size_t)length);
    int ok = types && brackets;
    if (ok) {
        FriBidiParType direction = base == 1 ? FRIBIDI_PAR_LTR : base == 2 ? FRIBIDI_PAR_RTL : FRIBIDI_PAR_ON;
        fribidi_get_bidi_types(text, length, types);
        fribidi_get_bracket_types(text, length, types, brackets);
        ok = fribidi_get_par_embedding_levels_ex(types, brackets, length, &direction, (FriBidiLevel *)levels) != 0;
    }
    free(types);
    free(brackets);
    return ok ? 0 : -1;
}
