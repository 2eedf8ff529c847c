# label: same-values
# flax-error: none
# class: 3 the while_loop body passes the Sampler attribute self.key as rngs={"base": self.key} to flow.apply
"""Sampling from a RealNVP-style normalising flow with a while_loop until n samples are drawn.

Flow.sample draws the base noise with make_rng("base") and maps it through the inverse flow."""
import jax
import jax.numpy as jnp
from flax import linen as nn

DIM = 4


class Coupling(nn.Module):
    flip: bool

    @nn.compact
    def __call__(self, x, inverse=False):
        a, b = jnp.split(x, 2, axis=-1)
        if self.flip:
            a, b = b, a
        h = nn.relu(nn.Dense(16)(a))
        log_s = jnp.tanh(nn.Dense(DIM // 2)(h))
        t = nn.Dense(DIM // 2)(h)
        b = (b - t) * jnp.exp(-log_s) if inverse else b * jnp.exp(log_s) + t
        if self.flip:
            a, b = b, a
        return jnp.concatenate([a, b], axis=-1)


class Flow(nn.Module):
    num_layers: int = 4

    def setup(self):
        self.layers = [Coupling(flip=i % 2 == 1) for i in range(self.num_layers)]

    def __call__(self, x):
        for layer in self.layers:
            x = layer(x)
        return x

    def inverse(self, z):
        for layer in reversed(self.layers):
            z = layer(z, inverse=True)
        return z

    def sample(self):
        z = jax.random.normal(self.make_rng("base"), (DIM,))
        return self.inverse(z)


class Sampler:
    def __init__(self, flow, params, key):
        self.flow = flow
        self.params = params
        self.key = key

    def draw(self, n):
        def cond(carry):
            return carry[0] < n

        def body(carry):
            i, out = carry
            x = self.flow.apply(self.params, method=Flow.sample, rngs={"base": self.key})
            return i + 1, out.at[i].set(x)

        _, out = jax.lax.while_loop(cond, body, (0, jnp.zeros((n, DIM))))
        return out


def main():
    flow = Flow()
    params = flow.init(jax.random.key(0), jnp.zeros((1, DIM)))
    sampler = Sampler(flow, params, jax.random.key(7))
    return sampler.draw(5)


if __name__ == "__main__":
    print(main())
