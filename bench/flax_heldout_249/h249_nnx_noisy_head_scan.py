# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 the scan body calls head(features); the NoisyLinear head draws each noise key from its own rngs attribute

import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import scan


def scale_noise(e):
    return jnp.sign(e) * jnp.sqrt(jnp.abs(e))


class NoisyLinear(nnx.Module):
    def __init__(self, din, dout, *, sigma0=0.5, rngs: nnx.Rngs):
        bound = 1.0 / din ** 0.5
        self.mu_w = nnx.Param(jax.random.uniform(rngs.params(), (din, dout), minval=-bound, maxval=bound))
        self.mu_b = nnx.Param(jnp.zeros((dout,)))
        self.sigma_w = nnx.Param(jnp.full((din, dout), sigma0 * bound))
        self.sigma_b = nnx.Param(jnp.full((dout,), sigma0 * bound))
        self.rngs = rngs

    def __call__(self, x, key=None):
        if key is None:
            key = self.rngs.noise()
        k_in, k_out = jax.random.split(key)
        e_in = scale_noise(jax.random.normal(k_in, (self.mu_w.shape[0],)))
        e_out = scale_noise(jax.random.normal(k_out, (self.mu_w.shape[1],)))
        w = self.mu_w[...] + self.sigma_w[...] * jnp.outer(e_in, e_out)
        b = self.mu_b[...] + self.sigma_b[...] * e_out
        return x @ w + b


class NoisyDQN(nnx.Module):
    def __init__(self, obs_dim, n_actions, *, rngs: nnx.Rngs):
        self.torso = nnx.Linear(obs_dim, 16, rngs=rngs)
        self.head = NoisyLinear(16, n_actions, rngs=rngs)

    def features(self, obs):
        return nnx.relu(self.torso(obs))

    def __call__(self, obs, key=None):
        return self.head(self.features(obs), key)


def sample_q_values(head, features, num_draws):
    def draw(carry, _):
        return carry, head(features)

    _, qs = scan(draw, None, None, length=num_draws)
    return qs


def main():
    net = NoisyDQN(4, 3, rngs=nnx.Rngs(params=0, noise=1))
    obs = jnp.array([0.3, -0.2, 0.5, 0.1])
    return sample_q_values(net.head, net.features(obs), num_draws=5)
