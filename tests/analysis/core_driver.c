/* The search core under AddressSanitizer and UndefinedBehaviorSanitizer (the test
   test_core_sanitizers.py builds this driver with marjapussi/analysis/core.c).

     core_driver RECORDS FIRST LAST

   RECORDS holds buffers the Python tests wrote: for each, three 32-bit words (the entry
   point: 0 mp_moves, 1 mp_solve, 2 mp_value, 3 mp_value called again on the same buffer
   while its node budget runs out, each call going on where the last stopped; the buffer's
   size; the number of bytes that follow) and the buffer's first bytes. Each is run in a fresh buffer of exactly
   that size (zeroed past the given bytes), so that any read or write past it is caught.
   Prints, per record, the result and, when it is not an error, the header's words FIRST
   to LAST - 1 (the answer), for the test to compare with the native library's. */

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int mp_moves(unsigned char *buf, unsigned int size);
int mp_solve(unsigned char *buf, unsigned int size);
int mp_value(unsigned char *buf, unsigned int size);

int main(int argc, char **argv) {
    if (argc != 4) {
        fprintf(stderr, "usage: core_driver RECORDS FIRST LAST\n");
        return 64;
    }
    FILE *in = fopen(argv[1], "rb");
    if (!in) {
        perror(argv[1]);
        return 66;
    }
    long first = strtol(argv[2], 0, 10), last = strtol(argv[3], 0, 10);
    int32_t head[3];
    while (fread(head, 4, 3, in) == 3) {
        if (head[0] < 0 || head[0] > 3 || head[1] < 0 || head[1] > (64 << 20) || head[2] < 0 || head[2] > (1 << 24)) {
            fprintf(stderr, "core_driver: a record out of range\n");
            return 65;
        }
        unsigned char *data = malloc((size_t)head[2] + 1);
        if (fread(data, 1, (size_t)head[2], in) != (size_t)head[2]) {
            fprintf(stderr, "core_driver: a short record\n");
            return 65;
        }
        size_t size = (size_t)head[1];
        unsigned char *buf = calloc(1, size ? size : 1);
        memcpy(buf, data, (size_t)head[2] < size ? (size_t)head[2] : size);
        int status = head[0] == 0 ? mp_moves(buf, (unsigned int)size)
                     : head[0] == 1 ? mp_solve(buf, (unsigned int)size)
                                    : mp_value(buf, (unsigned int)size);
        for (int tries = 0; head[0] == 3 && status == -8 && tries < 1000000; tries++)
            status = mp_value(buf, (unsigned int)size);
        printf("%d", status);
        if (status >= 0 && (long)size >= last * 4) {
            const int32_t *words = (const int32_t *)buf;
            for (long i = first; i < last; i++) printf(" %d", words[i]);
        }
        printf("\n");
        free(buf);
        free(data);
    }
    fclose(in);
    return 0;
}
