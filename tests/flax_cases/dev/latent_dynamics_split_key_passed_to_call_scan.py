# label: ok
# flax-error: none
# class: 3 __call__ draws make_rng only when given no key; the scan body splits a carried key and passes the new one each step
import jax
import jax.numpy as jnp
import flax.linen as nn


class LatentDynamics(nn.Module):
    @nn.compact
    def __call__(self, h, key=None):
        if key is None:
            key = self.make_rng("sample")
        return jnp.tanh(nn.Dense(4)(h)) + 0.1 * jax.random.normal(key, h.shape)

    def imagine(self, h0, steps: int):
        def step(carry, _):
            h, key = carry
            key, sub = jax.random.split(key)
            h = self(h, sub)
            return (h, key), h
        return jax.lax.scan(step, (h0, self.make_rng("sample")), None, length=steps)[1]


def main():
    model = LatentDynamics()
    h0 = jnp.zeros((2, 4))
    variables = model.init({"params": jax.random.key(0), "sample": jax.random.key(1)}, h0)
    return model.apply(variables, h0, 4, method=LatentDynamics.imagine, rngs={"sample": jax.random.key(2)})
