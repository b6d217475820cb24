/* Undefines what a width's section of ContactKernels.c defined for ContactKernelBody.h, so the next can define
   its own. */
#undef NAME
#undef V
#undef ADD
#undef SUB
#undef MUL
#undef DIV
#undef NEG
#undef SPLAT
#undef ZERO
#undef GE
#undef GT
#undef LT
#undef AND
#undef XOR
#undef NOT
#undef SEL
#undef LOAD
#undef STORE
#undef TRANSPOSE_ROWS
#undef GATHER_ROWS
#undef STORE_VELOCITY
