# label: ok
# flax-error: none
# class: 3 a NormalisingWrapper is warmed up (params initialised) on one frame before the scan body calls it
"""Model wrapper that adds input normalisation; warmed up before the loop."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class Encoder(nn.Module):
    @nn.compact
    def __call__(self, x):
        return nn.tanh(nn.Dense(6)(x))


class NormalisingWrapper:
    def __init__(self, module, mean, std, seed=0):
        self.module = module
        self.mean = mean
        self.std = std
        self.seed = seed
        self.params = None

    def _normalise(self, x):
        return (x - self.mean) / self.std

    def warm_up(self, sample):
        if self.params is None:
            self.params = self.module.init(jax.random.key(self.seed), self._normalise(sample))

    def __call__(self, x):
        x = self._normalise(x)
        if self.params is None:
            self.params = self.module.init(jax.random.key(self.seed), x)
        return self.module.apply(self.params, x)


def encode_sequence(wrapper, frames):
    wrapper.warm_up(frames[0])

    def body(_, frame):
        return None, wrapper(frame)

    return jax.lax.scan(body, None, frames)[1]


def main():
    frames = jnp.arange(4 * 2 * 3, dtype=jnp.float32).reshape(4, 2, 3)
    wrapper = NormalisingWrapper(Encoder(), mean=jnp.float32(10.0), std=jnp.float32(5.0))
    encode_sequence(wrapper, frames)
    wrapper(frames[0]).block_until_ready()
    return None
