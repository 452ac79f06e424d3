package classfile

// JVM opcodes (JVMS chapter 6). Breakpoint and impdep1/2 are reserved and never valid in a class file.
const (
	OpNop             Opcode = 0x00 // nop
	OpAconstNull      Opcode = 0x01 // aconst_null
	OpIconstM1        Opcode = 0x02 // iconst_m1
	OpIconst0         Opcode = 0x03 // iconst_0
	OpIconst1         Opcode = 0x04 // iconst_1
	OpIconst2         Opcode = 0x05 // iconst_2
	OpIconst3         Opcode = 0x06 // iconst_3
	OpIconst4         Opcode = 0x07 // iconst_4
	OpIconst5         Opcode = 0x08 // iconst_5
	OpLconst0         Opcode = 0x09 // lconst_0
	OpLconst1         Opcode = 0x0a // lconst_1
	OpFconst0         Opcode = 0x0b // fconst_0
	OpFconst1         Opcode = 0x0c // fconst_1
	OpFconst2         Opcode = 0x0d // fconst_2
	OpDconst0         Opcode = 0x0e // dconst_0
	OpDconst1         Opcode = 0x0f // dconst_1
	OpBipush          Opcode = 0x10 // bipush
	OpSipush          Opcode = 0x11 // sipush
	OpLdc             Opcode = 0x12 // ldc
	OpLdcW            Opcode = 0x13 // ldc_w
	OpLdc2W           Opcode = 0x14 // ldc2_w
	OpIload           Opcode = 0x15 // iload
	OpLload           Opcode = 0x16 // lload
	OpFload           Opcode = 0x17 // fload
	OpDload           Opcode = 0x18 // dload
	OpAload           Opcode = 0x19 // aload
	OpIload0          Opcode = 0x1a // iload_0
	OpIload1          Opcode = 0x1b // iload_1
	OpIload2          Opcode = 0x1c // iload_2
	OpIload3          Opcode = 0x1d // iload_3
	OpLload0          Opcode = 0x1e // lload_0
	OpLload1          Opcode = 0x1f // lload_1
	OpLload2          Opcode = 0x20 // lload_2
	OpLload3          Opcode = 0x21 // lload_3
	OpFload0          Opcode = 0x22 // fload_0
	OpFload1          Opcode = 0x23 // fload_1
	OpFload2          Opcode = 0x24 // fload_2
	OpFload3          Opcode = 0x25 // fload_3
	OpDload0          Opcode = 0x26 // dload_0
	OpDload1          Opcode = 0x27 // dload_1
	OpDload2          Opcode = 0x28 // dload_2
	OpDload3          Opcode = 0x29 // dload_3
	OpAload0          Opcode = 0x2a // aload_0
	OpAload1          Opcode = 0x2b // aload_1
	OpAload2          Opcode = 0x2c // aload_2
	OpAload3          Opcode = 0x2d // aload_3
	OpIaload          Opcode = 0x2e // iaload
	OpLaload          Opcode = 0x2f // laload
	OpFaload          Opcode = 0x30 // faload
	OpDaload          Opcode = 0x31 // daload
	OpAaload          Opcode = 0x32 // aaload
	OpBaload          Opcode = 0x33 // baload
	OpCaload          Opcode = 0x34 // caload
	OpSaload          Opcode = 0x35 // saload
	OpIstore          Opcode = 0x36 // istore
	OpLstore          Opcode = 0x37 // lstore
	OpFstore          Opcode = 0x38 // fstore
	OpDstore          Opcode = 0x39 // dstore
	OpAstore          Opcode = 0x3a // astore
	OpIstore0         Opcode = 0x3b // istore_0
	OpIstore1         Opcode = 0x3c // istore_1
	OpIstore2         Opcode = 0x3d // istore_2
	OpIstore3         Opcode = 0x3e // istore_3
	OpLstore0         Opcode = 0x3f // lstore_0
	OpLstore1         Opcode = 0x40 // lstore_1
	OpLstore2         Opcode = 0x41 // lstore_2
	OpLstore3         Opcode = 0x42 // lstore_3
	OpFstore0         Opcode = 0x43 // fstore_0
	OpFstore1         Opcode = 0x44 // fstore_1
	OpFstore2         Opcode = 0x45 // fstore_2
	OpFstore3         Opcode = 0x46 // fstore_3
	OpDstore0         Opcode = 0x47 // dstore_0
	OpDstore1         Opcode = 0x48 // dstore_1
	OpDstore2         Opcode = 0x49 // dstore_2
	OpDstore3         Opcode = 0x4a // dstore_3
	OpAstore0         Opcode = 0x4b // astore_0
	OpAstore1         Opcode = 0x4c // astore_1
	OpAstore2         Opcode = 0x4d // astore_2
	OpAstore3         Opcode = 0x4e // astore_3
	OpIastore         Opcode = 0x4f // iastore
	OpLastore         Opcode = 0x50 // lastore
	OpFastore         Opcode = 0x51 // fastore
	OpDastore         Opcode = 0x52 // dastore
	OpAastore         Opcode = 0x53 // aastore
	OpBastore         Opcode = 0x54 // bastore
	OpCastore         Opcode = 0x55 // castore
	OpSastore         Opcode = 0x56 // sastore
	OpPop             Opcode = 0x57 // pop
	OpPop2            Opcode = 0x58 // pop2
	OpDup             Opcode = 0x59 // dup
	OpDupX1           Opcode = 0x5a // dup_x1
	OpDupX2           Opcode = 0x5b // dup_x2
	OpDup2            Opcode = 0x5c // dup2
	OpDup2X1          Opcode = 0x5d // dup2_x1
	OpDup2X2          Opcode = 0x5e // dup2_x2
	OpSwap            Opcode = 0x5f // swap
	OpIadd            Opcode = 0x60 // iadd
	OpLadd            Opcode = 0x61 // ladd
	OpFadd            Opcode = 0x62 // fadd
	OpDadd            Opcode = 0x63 // dadd
	OpIsub            Opcode = 0x64 // isub
	OpLsub            Opcode = 0x65 // lsub
	OpFsub            Opcode = 0x66 // fsub
	OpDsub            Opcode = 0x67 // dsub
	OpImul            Opcode = 0x68 // imul
	OpLmul            Opcode = 0x69 // lmul
	OpFmul            Opcode = 0x6a // fmul
	OpDmul            Opcode = 0x6b // dmul
	OpIdiv            Opcode = 0x6c // idiv
	OpLdiv            Opcode = 0x6d // ldiv
	OpFdiv            Opcode = 0x6e // fdiv
	OpDdiv            Opcode = 0x6f // ddiv
	OpIrem            Opcode = 0x70 // irem
	OpLrem            Opcode = 0x71 // lrem
	OpFrem            Opcode = 0x72 // frem
	OpDrem            Opcode = 0x73 // drem
	OpIneg            Opcode = 0x74 // ineg
	OpLneg            Opcode = 0x75 // lneg
	OpFneg            Opcode = 0x76 // fneg
	OpDneg            Opcode = 0x77 // dneg
	OpIshl            Opcode = 0x78 // ishl
	OpLshl            Opcode = 0x79 // lshl
	OpIshr            Opcode = 0x7a // ishr
	OpLshr            Opcode = 0x7b // lshr
	OpIushr           Opcode = 0x7c // iushr
	OpLushr           Opcode = 0x7d // lushr
	OpIand            Opcode = 0x7e // iand
	OpLand            Opcode = 0x7f // land
	OpIor             Opcode = 0x80 // ior
	OpLor             Opcode = 0x81 // lor
	OpIxor            Opcode = 0x82 // ixor
	OpLxor            Opcode = 0x83 // lxor
	OpIinc            Opcode = 0x84 // iinc
	OpI2l             Opcode = 0x85 // i2l
	OpI2f             Opcode = 0x86 // i2f
	OpI2d             Opcode = 0x87 // i2d
	OpL2i             Opcode = 0x88 // l2i
	OpL2f             Opcode = 0x89 // l2f
	OpL2d             Opcode = 0x8a // l2d
	OpF2i             Opcode = 0x8b // f2i
	OpF2l             Opcode = 0x8c // f2l
	OpF2d             Opcode = 0x8d // f2d
	OpD2i             Opcode = 0x8e // d2i
	OpD2l             Opcode = 0x8f // d2l
	OpD2f             Opcode = 0x90 // d2f
	OpI2b             Opcode = 0x91 // i2b
	OpI2c             Opcode = 0x92 // i2c
	OpI2s             Opcode = 0x93 // i2s
	OpLcmp            Opcode = 0x94 // lcmp
	OpFcmpl           Opcode = 0x95 // fcmpl
	OpFcmpg           Opcode = 0x96 // fcmpg
	OpDcmpl           Opcode = 0x97 // dcmpl
	OpDcmpg           Opcode = 0x98 // dcmpg
	OpIfeq            Opcode = 0x99 // ifeq
	OpIfne            Opcode = 0x9a // ifne
	OpIflt            Opcode = 0x9b // iflt
	OpIfge            Opcode = 0x9c // ifge
	OpIfgt            Opcode = 0x9d // ifgt
	OpIfle            Opcode = 0x9e // ifle
	OpIfIcmpeq        Opcode = 0x9f // if_icmpeq
	OpIfIcmpne        Opcode = 0xa0 // if_icmpne
	OpIfIcmplt        Opcode = 0xa1 // if_icmplt
	OpIfIcmpge        Opcode = 0xa2 // if_icmpge
	OpIfIcmpgt        Opcode = 0xa3 // if_icmpgt
	OpIfIcmple        Opcode = 0xa4 // if_icmple
	OpIfAcmpeq        Opcode = 0xa5 // if_acmpeq
	OpIfAcmpne        Opcode = 0xa6 // if_acmpne
	OpGoto            Opcode = 0xa7 // goto
	OpJsr             Opcode = 0xa8 // jsr
	OpRet             Opcode = 0xa9 // ret
	OpTableswitch     Opcode = 0xaa // tableswitch
	OpLookupswitch    Opcode = 0xab // lookupswitch
	OpIreturn         Opcode = 0xac // ireturn
	OpLreturn         Opcode = 0xad // lreturn
	OpFreturn         Opcode = 0xae // freturn
	OpDreturn         Opcode = 0xaf // dreturn
	OpAreturn         Opcode = 0xb0 // areturn
	OpReturn          Opcode = 0xb1 // return
	OpGetstatic       Opcode = 0xb2 // getstatic
	OpPutstatic       Opcode = 0xb3 // putstatic
	OpGetfield        Opcode = 0xb4 // getfield
	OpPutfield        Opcode = 0xb5 // putfield
	OpInvokevirtual   Opcode = 0xb6 // invokevirtual
	OpInvokespecial   Opcode = 0xb7 // invokespecial
	OpInvokestatic    Opcode = 0xb8 // invokestatic
	OpInvokeinterface Opcode = 0xb9 // invokeinterface
	OpInvokedynamic   Opcode = 0xba // invokedynamic
	OpNew             Opcode = 0xbb // new
	OpNewarray        Opcode = 0xbc // newarray
	OpAnewarray       Opcode = 0xbd // anewarray
	OpArraylength     Opcode = 0xbe // arraylength
	OpAthrow          Opcode = 0xbf // athrow
	OpCheckcast       Opcode = 0xc0 // checkcast
	OpInstanceof      Opcode = 0xc1 // instanceof
	OpMonitorenter    Opcode = 0xc2 // monitorenter
	OpMonitorexit     Opcode = 0xc3 // monitorexit
	OpWide            Opcode = 0xc4 // wide
	OpMultianewarray  Opcode = 0xc5 // multianewarray
	OpIfnull          Opcode = 0xc6 // ifnull
	OpIfnonnull       Opcode = 0xc7 // ifnonnull
	OpGotoW           Opcode = 0xc8 // goto_w
	OpJsrW            Opcode = 0xc9 // jsr_w
)

var opcodeNames = [...]string{
	OpNop:             "nop",
	OpAconstNull:      "aconst_null",
	OpIconstM1:        "iconst_m1",
	OpIconst0:         "iconst_0",
	OpIconst1:         "iconst_1",
	OpIconst2:         "iconst_2",
	OpIconst3:         "iconst_3",
	OpIconst4:         "iconst_4",
	OpIconst5:         "iconst_5",
	OpLconst0:         "lconst_0",
	OpLconst1:         "lconst_1",
	OpFconst0:         "fconst_0",
	OpFconst1:         "fconst_1",
	OpFconst2:         "fconst_2",
	OpDconst0:         "dconst_0",
	OpDconst1:         "dconst_1",
	OpBipush:          "bipush",
	OpSipush:          "sipush",
	OpLdc:             "ldc",
	OpLdcW:            "ldc_w",
	OpLdc2W:           "ldc2_w",
	OpIload:           "iload",
	OpLload:           "lload",
	OpFload:           "fload",
	OpDload:           "dload",
	OpAload:           "aload",
	OpIload0:          "iload_0",
	OpIload1:          "iload_1",
	OpIload2:          "iload_2",
	OpIload3:          "iload_3",
	OpLload0:          "lload_0",
	OpLload1:          "lload_1",
	OpLload2:          "lload_2",
	OpLload3:          "lload_3",
	OpFload0:          "fload_0",
	OpFload1:          "fload_1",
	OpFload2:          "fload_2",
	OpFload3:          "fload_3",
	OpDload0:          "dload_0",
	OpDload1:          "dload_1",
	OpDload2:          "dload_2",
	OpDload3:          "dload_3",
	OpAload0:          "aload_0",
	OpAload1:          "aload_1",
	OpAload2:          "aload_2",
	OpAload3:          "aload_3",
	OpIaload:          "iaload",
	OpLaload:          "laload",
	OpFaload:          "faload",
	OpDaload:          "daload",
	OpAaload:          "aaload",
	OpBaload:          "baload",
	OpCaload:          "caload",
	OpSaload:          "saload",
	OpIstore:          "istore",
	OpLstore:          "lstore",
	OpFstore:          "fstore",
	OpDstore:          "dstore",
	OpAstore:          "astore",
	OpIstore0:         "istore_0",
	OpIstore1:         "istore_1",
	OpIstore2:         "istore_2",
	OpIstore3:         "istore_3",
	OpLstore0:         "lstore_0",
	OpLstore1:         "lstore_1",
	OpLstore2:         "lstore_2",
	OpLstore3:         "lstore_3",
	OpFstore0:         "fstore_0",
	OpFstore1:         "fstore_1",
	OpFstore2:         "fstore_2",
	OpFstore3:         "fstore_3",
	OpDstore0:         "dstore_0",
	OpDstore1:         "dstore_1",
	OpDstore2:         "dstore_2",
	OpDstore3:         "dstore_3",
	OpAstore0:         "astore_0",
	OpAstore1:         "astore_1",
	OpAstore2:         "astore_2",
	OpAstore3:         "astore_3",
	OpIastore:         "iastore",
	OpLastore:         "lastore",
	OpFastore:         "fastore",
	OpDastore:         "dastore",
	OpAastore:         "aastore",
	OpBastore:         "bastore",
	OpCastore:         "castore",
	OpSastore:         "sastore",
	OpPop:             "pop",
	OpPop2:            "pop2",
	OpDup:             "dup",
	OpDupX1:           "dup_x1",
	OpDupX2:           "dup_x2",
	OpDup2:            "dup2",
	OpDup2X1:          "dup2_x1",
	OpDup2X2:          "dup2_x2",
	OpSwap:            "swap",
	OpIadd:            "iadd",
	OpLadd:            "ladd",
	OpFadd:            "fadd",
	OpDadd:            "dadd",
	OpIsub:            "isub",
	OpLsub:            "lsub",
	OpFsub:            "fsub",
	OpDsub:            "dsub",
	OpImul:            "imul",
	OpLmul:            "lmul",
	OpFmul:            "fmul",
	OpDmul:            "dmul",
	OpIdiv:            "idiv",
	OpLdiv:            "ldiv",
	OpFdiv:            "fdiv",
	OpDdiv:            "ddiv",
	OpIrem:            "irem",
	OpLrem:            "lrem",
	OpFrem:            "frem",
	OpDrem:            "drem",
	OpIneg:            "ineg",
	OpLneg:            "lneg",
	OpFneg:            "fneg",
	OpDneg:            "dneg",
	OpIshl:            "ishl",
	OpLshl:            "lshl",
	OpIshr:            "ishr",
	OpLshr:            "lshr",
	OpIushr:           "iushr",
	OpLushr:           "lushr",
	OpIand:            "iand",
	OpLand:            "land",
	OpIor:             "ior",
	OpLor:             "lor",
	OpIxor:            "ixor",
	OpLxor:            "lxor",
	OpIinc:            "iinc",
	OpI2l:             "i2l",
	OpI2f:             "i2f",
	OpI2d:             "i2d",
	OpL2i:             "l2i",
	OpL2f:             "l2f",
	OpL2d:             "l2d",
	OpF2i:             "f2i",
	OpF2l:             "f2l",
	OpF2d:             "f2d",
	OpD2i:             "d2i",
	OpD2l:             "d2l",
	OpD2f:             "d2f",
	OpI2b:             "i2b",
	OpI2c:             "i2c",
	OpI2s:             "i2s",
	OpLcmp:            "lcmp",
	OpFcmpl:           "fcmpl",
	OpFcmpg:           "fcmpg",
	OpDcmpl:           "dcmpl",
	OpDcmpg:           "dcmpg",
	OpIfeq:            "ifeq",
	OpIfne:            "ifne",
	OpIflt:            "iflt",
	OpIfge:            "ifge",
	OpIfgt:            "ifgt",
	OpIfle:            "ifle",
	OpIfIcmpeq:        "if_icmpeq",
	OpIfIcmpne:        "if_icmpne",
	OpIfIcmplt:        "if_icmplt",
	OpIfIcmpge:        "if_icmpge",
	OpIfIcmpgt:        "if_icmpgt",
	OpIfIcmple:        "if_icmple",
	OpIfAcmpeq:        "if_acmpeq",
	OpIfAcmpne:        "if_acmpne",
	OpGoto:            "goto",
	OpJsr:             "jsr",
	OpRet:             "ret",
	OpTableswitch:     "tableswitch",
	OpLookupswitch:    "lookupswitch",
	OpIreturn:         "ireturn",
	OpLreturn:         "lreturn",
	OpFreturn:         "freturn",
	OpDreturn:         "dreturn",
	OpAreturn:         "areturn",
	OpReturn:          "return",
	OpGetstatic:       "getstatic",
	OpPutstatic:       "putstatic",
	OpGetfield:        "getfield",
	OpPutfield:        "putfield",
	OpInvokevirtual:   "invokevirtual",
	OpInvokespecial:   "invokespecial",
	OpInvokestatic:    "invokestatic",
	OpInvokeinterface: "invokeinterface",
	OpInvokedynamic:   "invokedynamic",
	OpNew:             "new",
	OpNewarray:        "newarray",
	OpAnewarray:       "anewarray",
	OpArraylength:     "arraylength",
	OpAthrow:          "athrow",
	OpCheckcast:       "checkcast",
	OpInstanceof:      "instanceof",
	OpMonitorenter:    "monitorenter",
	OpMonitorexit:     "monitorexit",
	OpWide:            "wide",
	OpMultianewarray:  "multianewarray",
	OpIfnull:          "ifnull",
	OpIfnonnull:       "ifnonnull",
	OpGotoW:           "goto_w",
	OpJsrW:            "jsr_w",
}
