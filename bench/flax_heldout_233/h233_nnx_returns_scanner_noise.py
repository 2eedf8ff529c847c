# label: same-values
# flax-error: none
# class: 4 the scan body calls desk.scanner.read(), which reaches the scanner's smudge dropout, with a key the desk drew before the loop
"""Library book returns: robustness check of the drop-box barcode scanner against smudged labels."""
from __future__ import annotations

import jax
import jax.numpy as jnp
from flax import nnx

lax = jax.lax


class BarcodeScanner(nnx.Module):
    def __init__(self, digits: int, rngs: nnx.Rngs):
        self.decode = nnx.Linear(digits, digits, rngs=rngs)
        self.smudge = nnx.Dropout(rate=0.3)

    def read(self, label, key):
        return self.decode(self.smudge(label, rngs=key))


class DropBoxDesk:
    def __init__(self, digits: int, seed: int):
        self.rngs = nnx.Rngs(params=seed, smudge=seed + 100)
        self.scanner = BarcodeScanner(digits, self.rngs)

    def smudge_key(self):
        return self.rngs.smudge()


class RobustnessCheck:
    def __init__(self, desk: DropBoxDesk, passes: int):
        self.desk = desk
        self.passes = passes

    def run(self, label):
        key = self.desk.smudge_key()

        def one_pass(misreads, index):
            decoded = self.desk.scanner.read(label, key)
            return misreads + jnp.abs(decoded - label).sum(), decoded

        _, decoded = lax.scan(one_pass, jnp.zeros(()), jnp.arange(self.passes))
        return decoded


def main():
    desk = DropBoxDesk(digits=6, seed=3)
    label = jnp.array([9.0, 7.0, 8.0, 0.0, 1.0, 4.0]) / 9.0
    return RobustnessCheck(desk, passes=5).run(label)
