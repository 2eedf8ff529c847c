# label: same-values
# flax-error: none
# class: 3 module-level harvest function receives apply_fn (functools.partial of model.apply) and one PRNG key; the raw lax.scan body reuses that key every step
"""Echo-state network: harvest reservoir states with state-noise injection (a standard
regulariser, Jaeger 2002) before fitting a ridge readout."""
import functools

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class Reservoir(nn.Module):
    n_res: int = 64
    spectral_radius: float = 0.9
    leak: float = 0.3

    @nn.compact
    def __call__(self, h, u):
        w_in = self.param('w_in', nn.initializers.uniform(0.5), (u.shape[-1], self.n_res))
        w = self.param('w', nn.initializers.normal(1.0 / jnp.sqrt(self.n_res)), (self.n_res, self.n_res))
        w = self.spectral_radius * w / jnp.max(jnp.abs(jnp.linalg.eigvals(w)))
        pre = u @ w_in + h @ w
        return (1.0 - self.leak) * h + self.leak * jnp.tanh(pre)


def harvest_states(step_fn, h0, inputs, key, noise_std=1e-2):
    def body(h, u):
        noise = noise_std * jax.random.normal(key, h.shape)
        h = step_fn(h, u) + noise
        return h, (h, noise)

    _, (states, noises) = lax.scan(body, h0, inputs)
    return states, noises


def main():
    model = Reservoir()
    inputs = jnp.sin(jnp.linspace(0.0, 8.0, 20))[:, None]
    h0 = jnp.zeros(model.n_res)
    variables = model.init(jax.random.key(0), h0, inputs[0])
    step_fn = functools.partial(model.apply, variables)
    _, noises = harvest_states(step_fn, h0, inputs, jax.random.key(42))
    return noises


if __name__ == "__main__":
    print(main())
