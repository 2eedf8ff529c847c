# label: same-values
# flax-error: none
# class: 4 self.make_rng('sample') is drawn once in the method and the key is closed over by the raw scan body
"""Drawing samples from a RealNVP-style normalising flow in chunks with jax.lax.scan; the
sampling method asks for one key from the 'sample' stream and uses it in every chunk."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax

DIM, CHUNK, N_CHUNKS = 4, 8, 5


class Coupling(nn.Module):
    flip: bool

    @nn.compact
    def __call__(self, z):
        a, b = jnp.split(z, 2, axis=-1)
        if self.flip:
            a, b = b, a
        h = nn.relu(nn.Dense(32)(a))
        log_s = nn.tanh(nn.Dense(b.shape[-1])(h))
        t = nn.Dense(b.shape[-1])(h)
        b = b * jnp.exp(log_s) + t
        out = (b, a) if self.flip else (a, b)
        return jnp.concatenate(out, axis=-1)


class Flow(nn.Module):
    n_layers: int = 4

    def setup(self):
        self.layers = [Coupling(flip=i % 2 == 1) for i in range(self.n_layers)]

    def __call__(self, z):
        for layer in self.layers:
            z = layer(z)
        return z

    def sample(self, n_chunks):
        key = self.make_rng("sample")

        def draw(total, _):
            z = jax.random.normal(key, (CHUNK, DIM))
            x = self(z)
            return total + x.sum(0), z

        _, zs = lax.scan(draw, jnp.zeros(DIM), None, length=n_chunks)
        return zs


def main():
    flow = Flow()
    variables = flow.init(jax.random.key(0), jnp.ones((1, DIM)))
    zs = flow.apply(variables, N_CHUNKS, method=Flow.sample, rngs={"sample": jax.random.key(1)})
    return zs
