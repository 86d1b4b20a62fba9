#!/usr/bin/env bash
# Build upc-check and install it (upc-check, upcrun, the runtime library and the UPC
# headers) under PREFIX (default: $HOME/.local).
#   ./install.sh            build and install
#   ./install.sh --demo     also compile a bundled example with a deadlock and run it
#   ./install.sh --mpi      also install Open MPI and libclang (apt-get) when missing and the
#                           MPI conduit (upc-check -network=mpi)
set -euo pipefail
cd "$(dirname "$0")"
PREFIX="${PREFIX:-$HOME/.local}"
demo=0
mpi=0
for a in "$@"; do
    case "$a" in
        --demo) demo=1 ;;
        --mpi) mpi=1 ;;
        --prefix=*) PREFIX="${a#--prefix=}" ;;
        -h|--help) sed -n '2,7p' "$0"; exit 0 ;;
        *) echo "install.sh: unknown option $a" >&2; exit 2 ;;
    esac
done

need() { command -v "$1" >/dev/null 2>&1; }
if ! need cc || ! need make; then
    if need apt-get; then
        echo "install.sh: installing a C compiler and make" >&2
        ${SUDO:-$( [ "$(id -u)" = 0 ] || echo sudo )} apt-get update -qq
        ${SUDO:-$( [ "$(id -u)" = 0 ] || echo sudo )} apt-get install -y -qq gcc make >/dev/null
    else
        echo "install.sh: a C compiler (cc) and make are required" >&2
        exit 1
    fi
fi
if ! need cargo; then
    echo "install.sh: a Rust toolchain (cargo) is required: https://rustup.rs" >&2
    exit 1
fi

if [ "$mpi" = 1 ] && { ! need mpicc || ! need mpirun || ! ls /usr/lib/llvm-*/lib/libclang.so* >/dev/null 2>&1; }; then
    if need apt-get; then
        echo "install.sh: installing Open MPI and libclang" >&2
        ${SUDO:-$( [ "$(id -u)" = 0 ] || echo sudo )} apt-get update -qq
        ${SUDO:-$( [ "$(id -u)" = 0 ] || echo sudo )} apt-get install -y -qq libopenmpi-dev openmpi-bin libclang-dev >/dev/null
    else
        echo "install.sh: --mpi needs Open MPI (mpicc, mpirun) and libclang" >&2
        exit 1
    fi
fi

packages=(-p instrumenter -p checkrt)
[ "$mpi" = 1 ] && packages+=(-p pgas-mpi)
cargo build --release --locked "${packages[@]}"
# (what was just built: cargo's target directory may be set elsewhere)
built="${CARGO_TARGET_DIR:-target}/release"
mkdir -p "$PREFIX/bin" "$PREFIX/lib/upc-check" "$PREFIX/share/upc-check/include"
install -m 755 "$built/upc-check" "$built/upcrun" "$PREFIX/bin/"
install -m 644 "$built/libcheckrt.a" "$PREFIX/lib/upc-check/"
if [ "$mpi" = 1 ]; then
    install -m 644 "$built/libpgas_mpi.a" "$PREFIX/lib/upc-check/"
fi
install -m 644 pgas/include/*.h "$PREFIX/share/upc-check/include/"
echo "upc-check installed in $PREFIX/bin"

if [ "$demo" = 1 ]; then
    out="$(mktemp -d)"
    trap 'rm -rf "$out"' EXIT
    echo
    ex=examples/user-guide
    echo "== upc-check -o demo $ex/missing_barrier.upc $ex/missing_barrier_sync.upc && UPC_THREADS=4 ./demo"
    "$PREFIX/bin/upc-check" -o "$out/demo" "$ex/missing_barrier.upc" "$ex/missing_barrier_sync.upc"
    set +e
    UPC_THREADS=4 "$out/demo"
    status=$?
    set -e
    echo "== the program exited with status $status (3: the checker found an error)"
    [ "$status" = 3 ]
fi
