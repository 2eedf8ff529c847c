# label: same-values
# flax-error: none
# class: 4 self.make_rng called in a raw scan body built by a factory closure over the module
import jax
import jax.numpy as jnp
import flax.linen as nn


def make_mc_step(module, rate):
    def step(carry, _):
        key = module.make_rng("dropout")
        keep = jax.random.bernoulli(key, 1.0 - rate, carry.shape)
        return carry, keep.astype(jnp.float32)

    return step


class MCDropoutHead(nn.Module):
    samples: int = 4
    rate: float = 0.5

    @nn.compact
    def __call__(self, x):
        h = nn.Dense(6)(x)
        _, masks = jax.lax.scan(make_mc_step(self, self.rate), h, None, length=self.samples)
        return masks


def main():
    head = MCDropoutHead()
    x = jnp.ones((4,))
    variables = head.init({"params": jax.random.key(0), "dropout": jax.random.key(1)}, x)
    masks = head.apply(variables, x, rngs={"dropout": jax.random.key(2)})
    return masks
