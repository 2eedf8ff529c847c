# label: same-values
# flax-error: none
# class: 4 a factory's scan body runs `model.apply(variables, carry, rngs={"augment": rng})` with the key the factory closed over, on a module that draws with make_rng; returns the per-step views
import jax
import jax.numpy as jnp
import flax.linen as nn


class Jitter(nn.Module):
    @nn.compact
    def __call__(self, x):
        return x + 0.1 * jax.random.normal(self.make_rng("augment"), x.shape)


def make_views(model, variables, rng, n):
    def body(carry, _):
        return carry, model.apply(variables, carry, rngs={"augment": rng})
    return jax.jit(lambda x: jax.lax.scan(body, x, None, length=n)[1])


def main():
    model = Jitter()
    x = jnp.ones(3)
    variables = model.init({"params": jax.random.key(0), "augment": jax.random.key(1)}, x)
    return make_views(model, variables, jax.random.key(2), 4)(x)
