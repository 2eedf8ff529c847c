# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/glimpse/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 1 glimpse network with BatchNorm in train mode called from a raw lax.scan body in __call__, applied without mutable
"""Recurrent attention model (RAM): glimpse -> GRU core -> next location, unrolled with lax.scan."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class Glimpse(nn.Module):
    @nn.compact
    def __call__(self, image, loc, train):
        idx = jnp.clip(((loc + 1) * 4).astype(jnp.int32), 0, 4)
        patch = lax.dynamic_slice(image, (idx[0], idx[1]), (4, 4)).reshape(-1)
        g = nn.Dense(16)(jnp.concatenate([patch, loc]))
        return nn.relu(nn.BatchNorm(use_running_average=not train)(g[None])[0])


class RAM(nn.Module):
    glimpses: int = 4

    def setup(self):
        self.glimpse = Glimpse()
        self.core = nn.GRUCell(16)
        self.locator = nn.Dense(2)
        self.classifier = nn.Dense(10)

    def __call__(self, image, train: bool = True):
        h = jnp.zeros((16,))
        loc = jnp.zeros((2,))
        if self.is_initializing():
            h, _ = self.core(h, self.glimpse(image, loc, train))
            loc = jnp.tanh(self.locator(h))

        def step(carry, _):
            h, loc = carry
            h, _ = self.core(h, self.glimpse(image, loc, train))
            loc = jnp.tanh(self.locator(h))
            return (h, loc), loc

        (h, _), locs = lax.scan(step, (h, loc), None, length=self.glimpses)
        return self.classifier(h), locs


def main():
    image = jnp.ones((8, 8))
    model = RAM()
    variables = model.init(jax.random.key(0), image, train=False)
    logits, locs = model.apply(variables, image, train=True)
    return None
