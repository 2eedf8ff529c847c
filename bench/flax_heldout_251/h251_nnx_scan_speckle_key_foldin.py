# label: ok
# flax-error: none
# class: 2 the speckle key drawn once from the local Rngs of augment_page goes into the scan body, which folds the copy index into it
import dataclasses

import jax
import jax.numpy as jnp
import jax.random as jr
from flax import nnx


@dataclasses.dataclass(frozen=True)
class AugmentSpec:
    copies: int = 4
    speckle_rate: float = 0.2
    seed: int = 31


class InkDensityNet(nnx.Module):
    def __init__(self, pixels: int, rngs: nnx.Rngs):
        self.stroke = nnx.Linear(pixels, 3, rngs=rngs)

    def __call__(self, page):
        return jax.nn.softmax(self.stroke(page))


def augment_page(model: InkDensityNet, page, spec: AugmentSpec):
    rngs = nnx.Rngs(speckle=spec.seed)
    key = rngs.speckle()

    def one_copy(count, copy_index):
        dust = jr.bernoulli(jr.fold_in(key, copy_index), spec.speckle_rate, page.shape)
        speckled = jnp.where(dust, 1.0, page)
        return count + dust.sum(), model(speckled)

    _, densities = jax.lax.scan(one_copy, jnp.zeros((), jnp.int32), jnp.arange(spec.copies))
    return densities


class DigitisationQueue:
    def __init__(self, pixels: int = 9):
        self.model = InkDensityNet(pixels, nnx.Rngs(0))
        self.spec = AugmentSpec()

    def training_copies(self, page):
        return augment_page(self.model, page, self.spec)


def main():
    queue = DigitisationQueue()
    page = jnp.linspace(0.0, 0.6, 9)
    return queue.training_copies(page)
