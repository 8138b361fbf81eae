; Edges of the RISC-V V register lookups (test/lookup/register.ll): a sign-extended
; index proved below 16 (sign extension is zero extension there) is looked up; an index
; loaded as it is (nothing proved), one narrower than a byte, and a lane count no
; register group holds are left alone, and none may crash the pass. (IR only: llc
; itself stops on some of these inputs, as they are.)
; REQUIRES: riscv-registered-target
; RUN: %opt -mtriple=riscv64-linux-gnu -mcpu=spacemit-x60 -passes='shuffle-lib<late;lower-always>' -S %s | FileCheck %s --check-prefix=ALWAYS
; RUN: %opt -mtriple=riscv64-linux-gnu -mcpu=spacemit-x60 -passes='shuffle-lib<late>' -S %s -o /dev/null

@digits = internal constant [16 x i8] c"0123456789abcdef"

; ALWAYS-LABEL: @sext_index(
; ALWAYS:         @llvm.riscv.vrgather.vv.nxv16i8.i64(<vscale x 16 x i8> poison, <vscale x 16 x i8> %{{.*}}, <vscale x 16 x i8> %x, i64 -1)
; ALWAYS-LABEL: @loaded_index(
; ALWAYS:         @llvm.masked.gather
; ALWAYS-LABEL: @narrow_index(
; ALWAYS:         @llvm.masked.gather
; ALWAYS-LABEL: @odd_lanes(
; ALWAYS:         @llvm.masked.gather
define <vscale x 16 x i8> @sext_index(<vscale x 16 x i8> %in) #0 {
  %x = and <vscale x 16 x i8> %in, splat (i8 15)
  %s = sext <vscale x 16 x i8> %x to <vscale x 16 x i64>
  %p = getelementptr inbounds i8, ptr @digits, <vscale x 16 x i64> %s
  %v = call <vscale x 16 x i8> @llvm.masked.gather.nxv16i8.nxv16p0(<vscale x 16 x ptr> align 1 %p, <vscale x 16 x i1> splat (i1 true), <vscale x 16 x i8> poison)
  ret <vscale x 16 x i8> %v
}

define <vscale x 16 x i8> @loaded_index(ptr %q) #0 {
  %i = load <vscale x 16 x i64>, ptr %q
  %p = getelementptr inbounds i8, ptr @digits, <vscale x 16 x i64> %i
  %v = call <vscale x 16 x i8> @llvm.masked.gather.nxv16i8.nxv16p0(<vscale x 16 x ptr> align 1 %p, <vscale x 16 x i1> splat (i1 true), <vscale x 16 x i8> poison)
  ret <vscale x 16 x i8> %v
}

define <vscale x 16 x i8> @narrow_index(<vscale x 16 x i4> %in) #0 {
  %z = zext <vscale x 16 x i4> %in to <vscale x 16 x i64>
  %p = getelementptr inbounds i8, ptr @digits, <vscale x 16 x i64> %z
  %v = call <vscale x 16 x i8> @llvm.masked.gather.nxv16i8.nxv16p0(<vscale x 16 x ptr> align 1 %p, <vscale x 16 x i1> splat (i1 true), <vscale x 16 x i8> poison)
  ret <vscale x 16 x i8> %v
}

define <vscale x 12 x i8> @odd_lanes(<vscale x 12 x i8> %in) #0 {
  %x = and <vscale x 12 x i8> %in, splat (i8 15)
  %z = zext <vscale x 12 x i8> %x to <vscale x 12 x i64>
  %p = getelementptr inbounds i8, ptr @digits, <vscale x 12 x i64> %z
  %v = call <vscale x 12 x i8> @llvm.masked.gather.nxv12i8.nxv12p0(<vscale x 12 x ptr> align 1 %p, <vscale x 12 x i1> splat (i1 true), <vscale x 12 x i8> poison)
  ret <vscale x 12 x i8> %v
}

attributes #0 = { vscale_range(8,1024) }
