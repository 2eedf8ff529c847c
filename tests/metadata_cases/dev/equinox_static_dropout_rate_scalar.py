# label: recompiles
# jax-error: none
# class: 4 equinox module with a 0-d array dropout rate in eqx.field(static=True); the rate is swept across evaluations under eqx.filter_jit
import equinox as eqx
import jax
import jax.numpy as jnp


class NoisyLayer(eqx.Module):
    weight: jax.Array
    rate: jax.Array = eqx.field(static=True)

    def __call__(self, x, key):
        keep = jax.random.bernoulli(key, 1.0 - self.rate, x.shape)
        return self.weight @ jnp.where(keep, x / (1.0 - self.rate), 0.0)


@eqx.filter_jit
def evaluate(layer, x, key):
    return layer(x, key)


def main():
    weight = jnp.ones((2, 4))
    key = jax.random.PRNGKey(0)
    for rate in (0.1, 0.2, 0.3):
        evaluate(NoisyLayer(weight, jnp.array(rate)), jnp.ones(4), key)
