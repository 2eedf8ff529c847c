# label: ok
# flax-error: none
# class: 4 module-level rollout receives the MDN's apply function; the key is split into one key per step and scanned over as xs
"""Mixture density network dynamics model: sampled open-loop rollouts."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import scan


class MDN(nn.Module):
    n_mix: int = 3
    out_dim: int = 2

    @nn.compact
    def __call__(self, s):
        h = nn.tanh(nn.Dense(32)(s))
        logits = nn.Dense(self.n_mix)(h)
        mu = nn.Dense(self.n_mix * self.out_dim)(h).reshape(s.shape[:-1] + (self.n_mix, self.out_dim))
        log_std = nn.Dense(self.n_mix * self.out_dim)(h).reshape(mu.shape)
        return logits, mu, jnp.clip(log_std, -5.0, 2.0)


def sample_rollout(apply_fn, params, s0, key, horizon):
    def step(s, step_key):
        k_mix, k_eps = jax.random.split(step_key)
        logits, mu, log_std = apply_fn(params, s)
        k = jax.random.categorical(k_mix, logits)
        eps = jax.random.normal(k_eps, mu.shape[:-2] + mu.shape[-1:])
        chosen_mu = jnp.take_along_axis(mu, k[..., None, None], axis=-2)[..., 0, :]
        chosen_std = jnp.exp(jnp.take_along_axis(log_std, k[..., None, None], axis=-2)[..., 0, :])
        return s + chosen_mu + chosen_std * eps, eps

    _, eps = scan(step, s0, jax.random.split(key, horizon))
    return eps


def main():
    model = MDN()
    s0 = jnp.zeros((5, 2))
    params = model.init(jax.random.PRNGKey(0), s0)
    return sample_rollout(model.apply, params, s0, jax.random.PRNGKey(42), horizon=8)
