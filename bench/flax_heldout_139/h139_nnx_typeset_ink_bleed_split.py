# label: ok
# flax-error: none
# class: 1 InkBleed.proof_passes runs the scan itself; it takes one key from its own self.rngs.ink() stream before the loop, carries it and splits it in the body for every pass
"""Typesetting (letterpress): simulate how ink bleeds into the paper over repeated proof passes.

Each proof pass should press a slightly different amount of ink into the fibres; the press
operator compares the spread of the passes before the edition run.
"""
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class InkBleed(nnx.Module):
    def __init__(self, fibres: int, *, rngs: nnx.Rngs):
        self.absorb = nnx.Linear(fibres, fibres, rngs=rngs)
        self.rngs = rngs
        self.fibres = fibres

    def __call__(self, pressure):
        return nnx.softplus(self.absorb(pressure))

    def proof_passes(self, glyph_pressure, n_passes: int):
        key = self.rngs.ink()

        def press(key, _):
            key, sub = jax.random.split(key)
            wobble = 0.1 * jax.random.normal(sub, (self.fibres,))
            bleed = self(glyph_pressure + wobble)
            return key, bleed

        _, bleeds = jax.lax.scan(press, key, None, length=n_passes)
        return bleeds  # [passes, fibres]


class ProofRoom:
    def __init__(self, seed: int):
        self.model = InkBleed(6, rngs=nnx.Rngs(params=seed, ink=seed + 100))

    def proof(self, glyph_pressure):
        return self.model.proof_passes(glyph_pressure, n_passes=5)


def main():
    glyph_pressure = jnp.linspace(0.2, 1.0, 6)
    bleeds = ProofRoom(seed=0).proof(glyph_pressure)
    print("bleed spread", jnp.std(bleeds, axis=0))
    return bleeds


if __name__ == "__main__":
    main()
