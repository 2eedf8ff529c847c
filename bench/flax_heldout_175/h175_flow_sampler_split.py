# label: ok
# flax-error: none
# class: 1 the Flow.sample method that owns the 'sample' rng stream runs the scan; its key is split in the carry
"""RealNVP-style flow: draw samples one at a time by pushing base noise through the coupling layers."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import scan


class Coupling(nn.Module):
    dim: int
    flip: bool

    @nn.compact
    def __call__(self, z):
        a, b = jnp.split(z, 2, axis=-1)
        if self.flip:
            a, b = b, a
        h = nn.tanh(nn.Dense(32)(a))
        log_s = nn.Dense(self.dim // 2)(h)
        t = nn.Dense(self.dim // 2)(h)
        b = b * jnp.exp(log_s) + t
        out = jnp.concatenate([b, a] if self.flip else [a, b], axis=-1)
        return out


class Flow(nn.Module):
    dim: int = 4
    num_layers: int = 3

    def setup(self):
        self.layers = [Coupling(self.dim, flip=i % 2 == 1) for i in range(self.num_layers)]

    def __call__(self, z):
        for layer in self.layers:
            z = layer(z)
        return z

    def sample(self, num_samples):
        def body(key, _):
            key, sub = jax.random.split(key)
            eps = jax.random.normal(sub, (self.dim,))
            return key, self(eps)

        _, xs = scan(body, self.make_rng("sample"), None, length=num_samples)
        return xs


def main():
    flow = Flow()
    variables = flow.init(jax.random.key(0), jnp.zeros((4,)))
    samples = flow.apply(variables, 6, method=Flow.sample, rngs={"sample": jax.random.key(1)})
    print(samples.mean(0))
    return samples


if __name__ == "__main__":
    main()
