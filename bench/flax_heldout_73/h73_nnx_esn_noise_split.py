# label: ok
# flax-error: none
# class: 1 closure in the NNX __call__: a key from self.rngs.noise() is split into one key per step before the raw scan and scanned over as xs
"""Echo-state network in NNX with state-noise injection while harvesting reservoir states
for a ridge-regression readout."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import scan


class ESN(nnx.Module):
    def __init__(self, n_in, n_res, *, rngs: nnx.Rngs, leak=0.3, rho=0.9, noise_std=1e-2):
        w = jax.random.normal(rngs.params(), (n_res, n_res)) / jnp.sqrt(n_res)
        self.w_res = nnx.Variable(rho * w / jnp.max(jnp.abs(jnp.linalg.eigvals(w))))
        self.w_in = nnx.Variable(jax.random.uniform(rngs.params(), (n_in, n_res), minval=-0.5, maxval=0.5))
        self.leak = leak
        self.noise_std = noise_std
        self.rngs = rngs

    def __call__(self, inputs):
        n_res = self.w_res.shape[0]
        keys = jax.random.split(self.rngs.noise(), inputs.shape[0])

        def harvest(h, inp):
            u, key = inp
            noise = self.noise_std * jax.random.normal(key, (n_res,))
            pre = u @ self.w_in[...] + h @ self.w_res[...]
            h = (1 - self.leak) * h + self.leak * jnp.tanh(pre) + noise
            return h, (h, noise)

        _, (states, noises) = scan(harvest, jnp.zeros(n_res), (inputs, keys))
        return states, noises


def main():
    esn = ESN(1, 48, rngs=nnx.Rngs(params=0, noise=1))
    inputs = jnp.sin(jnp.linspace(0.0, 8.0, 20))[:, None]
    _, noises = esn(inputs)
    return noises


if __name__ == "__main__":
    print(main())
