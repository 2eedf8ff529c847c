# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/block/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 lax.cond branch inside the fori_loop body calls a helper method that runs the setup block's train-mode BatchNorm
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class RefineBlock(nn.Module):
    train: bool = True

    @nn.compact
    def __call__(self, h):
        h = nn.Dense(h.shape[-1])(h)
        h = nn.BatchNorm(use_running_average=not self.train)(h)
        return jnp.tanh(h)


class Refiner(nn.Module):
    iterations: int = 6

    def setup(self):
        self.block = RefineBlock()

    def __call__(self, x):
        return x + self.block(x)

    def _update(self, h):
        return h + 0.5 * self.block(h)

    def refine(self, x):
        def body(i, h):
            return lax.cond(i % 2 == 0, self._update, lambda h: h, h)

        return lax.fori_loop(0, self.iterations, body, x)


def main():
    model = Refiner()
    x = jax.random.normal(jax.random.key(0), (8, 4))
    variables = model.init(jax.random.key(1), x)
    out = model.apply(variables, x, method=Refiner.refine)
    return None
