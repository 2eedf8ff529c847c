# label: ok
# flax-error: none
# class: 3 jax.checkpoint-wrapped fori_loop body calls a helper method using the eval-mode BatchNorm block from setup
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class RefineBlock(nn.Module):
    train: bool = False

    @nn.compact
    def __call__(self, h):
        h = nn.Dense(h.shape[-1])(h)
        h = nn.BatchNorm(use_running_average=not self.train)(h)
        return jnp.tanh(h)


class Refiner(nn.Module):
    iterations: int = 6

    def setup(self):
        self.block = RefineBlock(train=False)

    def __call__(self, x):
        return x + self.block(x)

    def _update(self, h):
        return h + 0.5 * self.block(h)

    def refine(self, x):
        def body(i, h):
            return self._update(h)

        return lax.fori_loop(0, self.iterations, jax.checkpoint(body), x)


def main():
    model = Refiner()
    x = jax.random.normal(jax.random.key(0), (8, 4))
    variables = model.init(jax.random.key(1), x)
    out = model.apply(variables, x, method=Refiner.refine)
    grads = jax.grad(lambda v: model.apply(v, x, method=Refiner.refine).sum())(variables)
    jax.tree.map(lambda a: a + 0, grads)
    return None
