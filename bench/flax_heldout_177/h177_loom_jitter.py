# label: same-values
# flax-error: none
# class: 1 FabricAugmenter.__call__ runs the scan over fabric rows itself and calls self.make_rng('jitter') inside the body
"""Textile defect inspection: before a line-scan image of woven fabric is scored, each row gets a
random lateral jitter so the defect detector does not latch on to the loom's pixel grid. The
augmenter module owns the row loop and draws the jitter key from its 'jitter' stream."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import scan


class FabricAugmenter(nn.Module):
    taps: int = 8
    max_shift: float = 1.5

    @nn.compact
    def __call__(self, image):
        score = nn.Dense(1)
        baseline = nn.sigmoid(score(image[0, : self.taps]))[0]

        def body(defect_mass, row):
            key = self.make_rng("jitter")
            shift = self.max_shift * jax.random.uniform(key, (self.taps,), minval=-1.0, maxval=1.0)
            mass = nn.sigmoid(score(row[: self.taps] + shift))[0]
            return defect_mass + mass, shift

        total, shifts = scan(body, baseline, image)
        return shifts


class InspectionStation:
    def __init__(self, augmenter, seed):
        self.augmenter = augmenter
        self.seed = seed

    def shifts_for(self, variables, image, frame):
        rngs = {"jitter": jax.random.fold_in(jax.random.key(self.seed), frame)}
        return self.augmenter.apply(variables, image, rngs=rngs)


def main():
    augmenter = FabricAugmenter()
    image = jax.random.uniform(jax.random.key(0), (6, 32))
    variables = augmenter.init({"params": jax.random.key(1), "jitter": jax.random.key(2)}, image)
    station = InspectionStation(augmenter, seed=7)
    return station.shifts_for(variables, image, frame=0)
